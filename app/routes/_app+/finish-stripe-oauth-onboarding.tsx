import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { toasts } from "~/sessions.server";

/**
 * The spec's return address of Stripe's OAuth onboarding (Standard accounts). We connect Express
 * accounts with Account Links instead (ADR 053), so an OAuth return carries nothing to store: it
 * goes to My Money, saying so when Stripe reported an error (?error=access_denied and the like).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess({ request, context }, screens.stripeOnboarding.finishOauth);
  const error = new URL(request.url).searchParams.get("error");
  return error
    ? toasts().redirectWithError("/my-money", "Stripe did not connect the account. Please try again from My Money.")
    : toasts().redirectWithInfo("/my-money", "Connect your Stripe account from My Money");
}
