import { expect } from "vitest";
import { startStripeServer, TEST_STRIPE, type StripeServer } from "../helpers/stripe-server";
import { signInDemo } from "../helpers/demo-sign-in";
import { useStarted } from "../helpers/lifecycle";
import { startServer, type OwnServer } from "../security/harness";

/*
 * A production server of the test file's own with card payments on: STRIPE_* point the real SDK at
 * a local server speaking Stripe's API (allowed in production only with STRIPE_API_BASE_URL_ALLOWED).
 * The demo company connects its account through /my-money and is approved by a signed
 * account.updated webhook, as Stripe would.
 */

const DEMO_PASSWORD = "payments-demo-password-0123";

export type PaymentsWorld = {
  stripe: StripeServer;
  server: OwnServer;
  admin: { cookie: string; companyId: number };
  accountId: string;
  /** A new invoice of the demo company: $120 + $30, with its public page path. */
  newInvoice: () => Promise<{ id: number; number: number; token: string; path: string }>;
};

export async function startPaymentsWorld(): Promise<PaymentsWorld> {
  const stripe = await startStripeServer();
  let server: OwnServer;
  try {
    server = await startServer({
      env: {
        SEED_DEMO: "true",
        DEMO_PASSWORD,
        STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
        STRIPE_API_BASE_URL: stripe.url,
        STRIPE_API_BASE_URL_ALLOWED: "true",
      },
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  const base = server.baseUrl;
  const admin = await signInDemo(base, "company admin", DEMO_PASSWORD);
  // Connect through the page's own form, as a browser without JavaScript posts it
  const connect = await fetch(`${base}/my-money`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=connect",
    redirect: "manual",
  });
  expect(connect.status).toBe(303);
  expect(connect.headers.get("Location")).toBe("/my-money?continue=onboarding");
  const handOff = await (
    await fetch(`${base}/my-money?continue=onboarding`, { headers: { Cookie: admin.cookie } })
  ).text();
  const onboarding = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(handOff)?.[1]?.replaceAll("&amp;", "&") ?? "";
  expect(onboarding).toContain(`${stripe.url}/connect/onboarding/acct_`);
  const accountId = /\/connect\/onboarding\/(acct_[A-Za-z0-9]+)/.exec(onboarding)![1];
  stripe.updateAccount(accountId, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
  const approved = await stripe.deliver(
    `${base}/api/webhooks/stripe`,
    stripe.event("account.updated", stripe.accounts.get(accountId)!, accountId),
  );
  expect(approved.status).toBe(200);

  const created = await fetch(`${base}/api/customers/create`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Paula", lastName: "Payer", email: "paula@example.com" }),
  });
  expect(created.status).toBe(201);
  const customerId = ((await created.json()) as { customerId: number }).customerId;

  const newInvoice = async () => {
    const response = await fetch(`${base}/api/invoices`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        customerId,
        message: "Thank you for choosing us.",
        taxRate: 0,
        discount: 0,
        lineItems: [
          { name: "Furnace tune-up", quantity: 1, unitPrice: 120 },
          { name: "Filter", description: "MERV 11, 16x25x1", quantity: 2, unitPrice: 15 },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { data } = (await response.json()) as { data: { id: number; number: number; publicToken: string } };
    return { id: data.id, number: data.number, token: data.publicToken, path: `/invoice-details/${data.publicToken}` };
  };
  return { stripe, server, admin, accountId, newInvoice };
}

/** Registers beforeAll/afterAll hooks: the payments world of this test file. */
export const usePaymentsWorld = () =>
  useStarted(
    () => startPaymentsWorld(),
    async (world) => {
      await world.server.stop();
      await world.stripe.close();
    },
    120_000,
  );
