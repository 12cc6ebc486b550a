import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { onboardingSteps } from "~/models/company/onboarding.server";
import { screens } from "~/access/route-table";

/** GET /api/company-settings/onboarding: the 8 steps with isDone and isDismissed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.onboardingDismiss);
  const steps = await onboardingSteps(ctx);
  return json(steps.map(({ actionType, title, isDone, isDismissed }) => ({ actionType, title, isDone, isDismissed })));
}
