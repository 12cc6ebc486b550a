import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { methodNotAllowed, optionalApiAccess } from "~/http/api.server";
import { refuseWebhook } from "~/http/webhook-body.server";
import { applyBillingEvent } from "~/models/billing/billing.server";
import { screens } from "~/access/route-table";
import { billingSettings } from "~/services/billing.server";
import { readVerifiedStripeEvent } from "./__stripe-request.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.stripeBilling);
  return methodNotAllowed();
}

/**
 * Stripe Billing's webhook (our own account: the companies' subscriptions to the product), its
 * own endpoint and signing secret apart from the Connect one. Each event id is applied once; a
 * failure answers 500 so that Stripe delivers the event again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.webhooks.stripeBilling);
  const settings = billingSettings();
  if (!settings) {
    if (request.method !== "POST") refuseWebhook(405, "Method not allowed");
    if (!request.headers.get("Stripe-Signature")) refuseWebhook(400, "Missing Stripe-Signature.");
    refuseWebhook(503, "Online billing is not set up.");
  }
  const event = await readVerifiedStripeEvent(request, settings);
  const outcome = await applyBillingEvent(event, settings);
  return json({ received: true, outcome }, { headers: { "Cache-Control": "no-store" } });
}
