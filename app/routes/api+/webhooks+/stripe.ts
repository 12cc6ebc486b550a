import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, optionalApiAccess } from "~/http/api.server";
import { applyStripeEvent } from "~/models/payments/card-payments.server";
import { screens } from "~/access/route-table";
import { readVerifiedStripeEvent } from "./__stripe-request.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.stripe);
  return methodNotAllowed();
}

/**
 * Stripe's Connect webhook (events of the companies' connected accounts): a card payment recorded
 * on its invoice, an account's onboarding state, a saved card. Each event id is applied once; a
 * failure answers 500 so that Stripe delivers the event again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.stripe);
  const event = await readVerifiedStripeEvent(request);
  const outcome = await applyStripeEvent(event);
  return json({ received: true, outcome }, { headers: { "Cache-Control": "no-store" } });
}
