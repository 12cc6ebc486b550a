import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { onboardingSteps } from "~/models/company/onboarding.server";

/** GET /api/company-settings/onboarding: the 8 steps with isDone and isDismissed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/onboarding/:actionType/dismiss");
  const steps = await onboardingSteps(ctx);
  return json(steps.map(({ actionType, title, isDone, isDismissed }) => ({ actionType, title, isDone, isDismissed })));
}
