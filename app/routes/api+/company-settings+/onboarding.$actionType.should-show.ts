import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseOr400, requireApiAccess } from "~/http/api.server";
import { shouldShowTip } from "~/models/company/onboarding.server";
import { onboardingParamsSchema } from "~/models/company/company.schema";
import { screens } from "~/access/route-table";

/** GET /api/company-settings/onboarding/{actionType}/should-show: {data: {isShown}}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.onboardingDismiss);
  const { actionType } = parseOr400(onboardingParamsSchema, params);
  return json({ data: { isShown: await shouldShowTip(ctx, actionType) } });
}
