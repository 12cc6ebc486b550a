import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiNotFound, optionalApiAccess, parseOr400, requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { onboardingParamsSchema } from "~/models/company/company.schema";
import { dismissTip } from "~/models/company/onboarding.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company-settings/onboarding/{actionType}: dismisses that tip for the company. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.onboardingDismiss);
  if (request.method !== "DELETE") return methodNotAllowed();
  const { actionType } = parseOr400(onboardingParamsSchema, params);
  await dismissTip(ctx, actionType);
  return json({ success: true });
}

/** No GET here: it answers as an unknown API path does. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.notFound);
  return apiNotFound();
}
