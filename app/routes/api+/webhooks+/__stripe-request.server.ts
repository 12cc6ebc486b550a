import type Stripe from "stripe";
import { stripeClient, stripeSettings, type StripeSettings } from "~/services/payments.server";
import { refuseWebhook as refuse, readWebhookBody } from "~/http/webhook-body.server";

/** Stripe's events are a few kilobytes (a Checkout Session with its metadata); anything past this is not Stripe's. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * A Stripe webhook's event, once its Stripe-Signature is verified with the endpoint's signing
 * secret over the raw body (and a timestamp within Stripe's five-minute tolerance). Anything else
 * answers before the caller stores a thing: 400 for a missing or wrong signature, 413 past the
 * size limit, 503 for a signed event when card payments are not configured (Stripe retries later).
 */
export async function readVerifiedStripeEvent(
  request: Request,
  settings: StripeSettings | null = stripeSettings(),
): Promise<Stripe.Event> {
  if (request.method !== "POST") refuse(405, "Method not allowed");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return refuse(400, "Missing Stripe-Signature.");
  if (!settings) return refuse(503, "Card payments are not set up.");
  const body = await readWebhookBody(request, STRIPE_WEBHOOK_BODY_LIMIT);
  try {
    return stripeClient(settings).webhooks.constructEvent(body, signature, settings.webhookSecret);
  } catch {
    return refuse(400, "The signature does not match.");
  }
}
