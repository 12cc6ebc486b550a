import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { stripeSettings } from "~/services/payments.server";

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-production-session-secret-0123",
  APP_URL: "https://app.example.com",
} as const;
const stripe = {
  NODE_ENV: "test",
  STRIPE_SECRET_KEY: "sk_test_0123456789abcdef",
  STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef",
} as const;

describe("Stripe's configuration", () => {
  it("turns card payments on with both secrets, and off with neither", () => {
    expect(stripeSettings(parseEnv({ ...stripe }))).toMatchObject({ secretKey: stripe.STRIPE_SECRET_KEY });
    expect(stripeSettings(parseEnv({ NODE_ENV: "test" }))).toBeNull();
  });

  it("refuses a secret key without the webhook secret, and keys of the wrong shape", () => {
    expect(() => parseEnv({ NODE_ENV: "test", STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: "pk_test_0123456789abcdef" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/whsec_/);
  });

  it("sends the API elsewhere in production only when told to", () => {
    const local = { ...stripe, ...production, STRIPE_API_BASE_URL: "http://127.0.0.1:14020" };
    expect(() => parseEnv(local)).toThrow(/STRIPE_API_BASE_URL_ALLOWED/);
    expect(parseEnv({ ...local, STRIPE_API_BASE_URL_ALLOWED: "true" }).STRIPE_API_BASE_URL).toBe(
      "http://127.0.0.1:14020",
    );
    expect(() => parseEnv({ ...stripe, STRIPE_API_BASE_URL: "not a url" })).toThrow(/STRIPE_API_BASE_URL/);
  });
});
