import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseOr400, requireApiAccessFor } from "~/http/api.server";
import { shouldShowTip } from "~/models/company/onboarding.server";
import { actionTypeSchema } from "./onboarding.$actionType";

/** GET /api/company-settings/onboarding/{actionType}/should-show: {data: {isShown}}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/onboarding/:actionType/dismiss");
  const { actionType } = parseOr400(actionTypeSchema, params);
  return json({ data: { isShown: await shouldShowTip(ctx, actionType) } });
}
