import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import {
  customers,
  invoiceLineItems,
  invoicePayments,
  invoices,
  jobs,
  paymentAccounts,
  stripeEvents,
} from "~/db/schema";
import { addCardLink } from "~/models/payments/card-payments.server";
import { loader as addCardLoader } from "~/routes/_public+/add-card-mobile.$customerId.$connectedAccountId";
import { action as webhookAction } from "~/routes/api+/webhooks+/stripe";
import { startStripeServer, TEST_STRIPE, type StripeServer } from "../../helpers/stripe-server";
import { callRequest, callRoute } from "../route-call";

/**
 * A local Stripe API for the test file, started at import so that the app's STRIPE_* environment
 * (read once per process) points at it before anything reads it.
 */
export async function stripeForThisFile(): Promise<StripeServer> {
  const server = await startStripeServer();
  process.env.STRIPE_SECRET_KEY = TEST_STRIPE.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = TEST_STRIPE.webhookSecret;
  process.env.STRIPE_API_BASE_URL = server.url;
  afterAll(async () => {
    await server.close();
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE_URL;
  });
  return server;
}

let serial = 0;

/** A customer and an invoice of the company: two lines, $150 total unless given. */
export async function createInvoice(companyId: number, { totalCents = 15_000, paidCents = 0 } = {}) {
  serial++;
  const [customer] = await db
    .insert(customers)
    .values({ companyId, firstName: `Pat${serial}`, lastName: "Payer", email: `pat${serial}@example.com` })
    .returning({ id: customers.id });
  const token = randomBytes(24).toString("base64url");
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyId,
      number: 1000 + serial,
      customerId: customer.id,
      issueDate: "2026-11-01",
      dueDate: "2026-11-15",
      subtotalCents: totalCents,
      totalCents,
      paidCents,
      publicToken: token,
      message: "Thanks for your business",
    })
    .returning({ id: invoices.id, number: invoices.number });
  await db.insert(invoiceLineItems).values([
    {
      companyId,
      invoiceId: invoice.id,
      name: "Drain cleaning",
      unitPriceCents: totalCents - 5_000,
      amountCents: totalCents - 5_000,
    },
    { companyId, invoiceId: invoice.id, name: "Service call", unitPriceCents: 5_000, amountCents: 5_000, position: 1 },
  ]);
  return { ...invoice, token, customerId: customer.id };
}

/** A job of the invoice's customer, the invoice then billed on it (invoices.job_id); answers the job's id. */
export async function invoiceJob(companyId: number, invoice: { id: number; customerId: number; token: string }) {
  const [job] = await db
    .insert(jobs)
    .values({
      companyId,
      customerId: invoice.customerId,
      timezone: "America/New_York",
      publicToken: `job-${invoice.token}`,
    })
    .returning({ id: jobs.id });
  await db.update(invoices).set({ jobId: job.id }).where(eq(invoices.id, invoice.id));
  return job.id;
}

/** The company's connected account, made at the local Stripe and approved there (charges and payouts on). */
export async function approvedAccount(stripe: StripeServer, companyId: number) {
  const client = new Stripe(TEST_STRIPE.secretKey, {
    host: "127.0.0.1",
    port: Number(new URL(stripe.url).port),
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const account = await client.accounts.create({ type: "express" });
  stripe.updateAccount(account.id, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
  await db.insert(paymentAccounts).values({
    companyId,
    stripeAccountId: account.id,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
  });
  return account.id;
}

/**
 * The customer saves a card through the signed add-card link: the local Stripe completes the setup
 * session and its webhook reaches the app. Answers the card's payment method id.
 */
export async function saveCardThroughLink(
  stripe: StripeServer,
  companyId: number,
  account: string,
  customerId: number,
) {
  const link = new URL(await addCardLink({ companyId }, customerId));
  const res = await callRoute(
    addCardLoader,
    `${link.pathname}${link.search}`,
    {},
    { customerId: String(customerId), connectedAccountId: account },
  );
  const setup = stripe.completeSetupSession(res.headers.get("Location")!.split("/").pop()!);
  await callRequest(webhookAction, webhookRequest(stripe.event("setup_intent.succeeded", setup, account)));
  return setup.payment_method as string;
}

export const paymentsOf = (invoiceId: number) =>
  db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
export const invoiceRow = async (invoiceId: number) =>
  (await db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0];
export const eventRow = async (id: string) => (await db.select().from(stripeEvents).where(eq(stripeEvents.id, id)))[0];

/** A webhook request as Stripe sends it, signed with the endpoint's secret unless a signature is given. */
export function webhookRequest(event: object, { signature, body }: { signature?: string | null; body?: string } = {}) {
  const payload = body ?? JSON.stringify(event);
  const header =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: TEST_STRIPE.webhookSecret })
      : signature;
  return new Request("http://localhost/api/webhooks/stripe", {
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
