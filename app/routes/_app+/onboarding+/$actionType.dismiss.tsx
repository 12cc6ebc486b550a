import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { dismissTip, ONBOARDING_STEPS } from "~/models/company/onboarding.server";
import { safeRedirect } from "~/sessions.server";

/** The tip bubble's dismiss button (a form post, so it works without JavaScript). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireAccess(request);
  const actionType = Number(params.actionType);
  if (!ONBOARDING_STEPS.some((s) => s.actionType === actionType)) throw new Response("Not found", { status: 404 });
  await dismissTip(ctx, actionType);
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard"));
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
