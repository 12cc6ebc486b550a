import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, requireApiAccessFor } from "~/http/api.server";
import { dismissTip } from "~/models/company/onboarding.server";

export const actionTypeSchema = z.object({ actionType: z.coerce.number().int().min(0).max(7) });

/** DELETE /api/company-settings/onboarding/{actionType}: dismisses that tip for the company. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/onboarding/:actionType/dismiss");
  if (request.method !== "DELETE") return json({ message: "Method not allowed" }, { status: 405 });
  const { actionType } = parseOr400(actionTypeSchema, params);
  await dismissTip(ctx, actionType);
  return json({ success: true });
}

export function loader() {
  return apiNotFound();
}
