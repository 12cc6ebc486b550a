import Stripe from "stripe";
import { env, type Env } from "~/server/env.server";

/** Stripe as configured: the platform's secret key and the webhook signing secret, or null (card payments off). */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: the API's address instead of https://api.stripe.com (refused in production unless allowed). */
  apiBaseUrl?: string;
};

export function stripeSettings(
  config: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE_URL"> = env(),
): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBaseUrl: config.STRIPE_API_BASE_URL,
  };
}

let client: { key: string; client: Stripe } | undefined;

/** The SDK for these settings (one per configuration); an apiBaseUrl sends every call to that server. */
export function stripeClient(settings: StripeSettings): Stripe {
  const key = `${settings.secretKey}\n${settings.apiBaseUrl ?? ""}`;
  if (client?.key !== key) {
    const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : null;
    client = {
      key,
      client: new Stripe(settings.secretKey, {
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
              protocol: base.protocol === "https:" ? "https" : "http",
            }
          : {}),
        // Our own idempotency keys make a retry safe; the caller (a person, a webhook redelivery) retries.
        maxNetworkRetries: 0,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: "Fieldwise" },
      }),
    };
  }
  return client.client;
}

/** Card payments are on when the platform has both Stripe secrets. */
export const paymentsEnabled = (settings = stripeSettings()) => settings !== null;

/** Stripe's three-letter currency for the company's country (US and Canada). */
export const currencyFor = (country: string | null | undefined) => (country === "CA" ? "cad" : "usd");

/**
 * A Stripe error a person can read; connection failures and Stripe's own refusals say so plainly,
 * without Stripe's internal identifiers.
 */
export function stripeErrorMessage(error: unknown): string {
  if (error instanceof Stripe.errors.StripeConnectionError)
    return "The card payment service could not be reached. Please try again in a minute.";
  if (error instanceof Stripe.errors.StripeCardError) return error.message;
  if (error instanceof Stripe.errors.StripeError)
    return "The card payment service refused the request. Please try again, or contact the business.";
  return "Something went wrong with the card payment service.";
}
