import { env, type Env } from "~/server/env.server";
import type { StripeSettings } from "~/services/payments.server";

/**
 * Our own subscription billing (Stripe Billing on the platform's account): the platform's secret
 * key and the signing secret of the billing webhook endpoint, separate from the Connect endpoint's.
 * Without either, billing is offline: /billing shows the plans and the trial, and no Checkout.
 */
export function billingSettings(
  config: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_BILLING_WEBHOOK_SECRET" | "STRIPE_API_BASE_URL"> = env(),
): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_BILLING_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_BILLING_WEBHOOK_SECRET,
    apiBaseUrl: config.STRIPE_API_BASE_URL,
  };
}

export const billingEnabled = (settings = billingSettings()) => settings !== null;
