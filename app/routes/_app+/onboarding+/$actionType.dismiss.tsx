import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { optionalAccess, requireAccess } from "~/access/access.server";
import { dismissTip, ONBOARDING_STEPS } from "~/models/company/onboarding.server";
import { safeRedirect } from "~/sessions.server";
import { screens } from "~/access/route-table";

/** The tip bubble's dismiss button (a form post, so it works without JavaScript). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.onboardingDismiss);
  const actionType = Number(params.actionType);
  if (!ONBOARDING_STEPS.some((s) => s.actionType === actionType)) throw new Response("Not found", { status: 404 });
  await dismissTip(ctx, actionType);
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard"));
}

/** No page here: a GET answers as the not-found page does. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.notFound);
  throw new Response("Not found", { status: 404 });
}
