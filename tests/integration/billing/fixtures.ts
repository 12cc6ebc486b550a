import { afterAll } from "vitest";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { subscriptions } from "~/db/schema";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { startStripeServer, TEST_STRIPE, type StripeServer } from "../../helpers/stripe-server";

/** Our own billing webhook endpoint's signing secret (not the Connect one). */
export const BILLING_WEBHOOK_SECRET = "whsec_fieldwiseBillingSecret0123456789";

/**
 * A local Stripe API for the test file, started at import so that the app's STRIPE_* environment
 * (read once per process) points at it before anything reads it.
 */
export async function stripeBillingForThisFile(): Promise<StripeServer> {
  const server = await startStripeServer();
  process.env.STRIPE_SECRET_KEY = TEST_STRIPE.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = TEST_STRIPE.webhookSecret;
  process.env.STRIPE_BILLING_WEBHOOK_SECRET = BILLING_WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE_URL = server.url;
  afterAll(async () => {
    await server.close();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_BILLING_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE_URL;
  });
  return server;
}

/** A billing webhook request as Stripe sends it, signed with the billing secret unless told otherwise. */
export function billingWebhookRequest(
  event: object,
  {
    signature,
    secret = BILLING_WEBHOOK_SECRET,
    body,
  }: { signature?: string | null; secret?: string; body?: string } = {},
) {
  const payload = body ?? JSON.stringify(event);
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return new Request("http://localhost/api/webhooks/stripe-billing", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(header === null ? {} : { "Stripe-Signature": header }) },
    body: payload,
  });
}

export const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

export const subscriptionOf = async (companyId: number) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)))[0];

export const planId = (priceId: string) => planIdByPriceId(db, priceId);
