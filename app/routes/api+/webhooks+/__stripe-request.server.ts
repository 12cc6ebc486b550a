import type Stripe from "stripe";
import { stripeClient, stripeSettings, type StripeSettings } from "~/services/payments.server";

/** Stripe's events are a few kilobytes (a Checkout Session with its metadata); anything past this is not Stripe's. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

const refuse = (status: number, message: string): never => {
  throw new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};

/** The raw body (the signature covers its exact bytes), refused past the limit without reading the rest. */
async function readLimited(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get("Content-Length") ?? 0) > limit) refuse(413, "The request is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel().catch(() => undefined);
      refuse(413, "The request is too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

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
  const body = await readLimited(request, STRIPE_WEBHOOK_BODY_LIMIT);
  try {
    return stripeClient(settings).webhooks.constructEvent(body, signature, settings.webhookSecret);
  } catch {
    return refuse(400, "The signature does not match.");
  }
}
