import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { onboardingSteps } from "~/models/onboarding.server";
import { BROAD_ROLES } from "~/models/roles";

/** GET /api/company-settings/onboarding: the 8 steps with isDone and isDismissed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: BROAD_ROLES });
  const steps = await onboardingSteps(ctx);
  return json(steps.map(({ actionType, title, isDone, isDismissed }) => ({ actionType, title, isDone, isDismissed })));
}
