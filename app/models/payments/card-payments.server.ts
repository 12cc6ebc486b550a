import { createHmac, timingSafeEqual } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import sharp from "sharp";
import type Stripe from "stripe";
import { db } from "~/db.server";
import {
  companies,
  customers,
  invoicePayments,
  invoices,
  paymentAccounts,
  savedCards,
  stripeEvents,
} from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";
import { PAYMENTS_NOT_SET_UP } from "~/services/payments-notice";
import {
  currencyFor,
  stripeClient,
  stripeErrorMessage,
  stripeSettings,
  type StripeSettings,
} from "~/services/payments.server";
import type { CallerContext } from "~/access/access.server";
import { signJob } from "~/models/jobs/job-signature.server";
import { canSeeJob } from "~/models/jobs/jobs.server";
import { findInvoiceByToken, PaymentMethod, recordInvoicePayment, RuleError } from "./invoice-bridge.server";
import { queuePaymentReceipt, sendPaymentReceipt } from "./payment-receipt.server";

export type PaymentAccountState = {
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  updatedAt: Date;
};

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,200}$/;
const ACCOUNT_ID = /^acct_[A-Za-z0-9]{8,64}$/;

export async function getPaymentAccount(companyId: number): Promise<PaymentAccountState | null> {
  const [row] = await db
    .select({
      stripeAccountId: paymentAccounts.stripeAccountId,
      chargesEnabled: paymentAccounts.chargesEnabled,
      payoutsEnabled: paymentAccounts.payoutsEnabled,
      detailsSubmitted: paymentAccounts.detailsSubmitted,
      updatedAt: paymentAccounts.updatedAt,
    })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.companyId, companyId));
  return row ?? null;
}

const companyOfAccount = async (stripeAccountId: string) =>
  (
    await db
      .select({ companyId: paymentAccounts.companyId, chargesEnabled: paymentAccounts.chargesEnabled })
      .from(paymentAccounts)
      .where(eq(paymentAccounts.stripeAccountId, stripeAccountId))
  )[0] ?? null;

const accountFlags = (account: Pick<Stripe.Account, "charges_enabled" | "payouts_enabled" | "details_submitted">) => ({
  chargesEnabled: Boolean(account.charges_enabled),
  payoutsEnabled: Boolean(account.payouts_enabled),
  detailsSubmitted: Boolean(account.details_submitted),
  updatedAt: new Date(),
});

function requireSettings(settings: StripeSettings | null): StripeSettings {
  if (!settings) throw new PaymentsError(PAYMENTS_NOT_SET_UP);
  return settings;
}

/** A refusal a person can read (card payments off, Stripe unreachable, nothing left to pay). */
export class PaymentsError extends Error {}

async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PaymentsError(stripeErrorMessage(error));
  }
}

/** Where the Account Link sends a person whose link expired: My Money, which makes a fresh one. */
export const ONBOARDING_REFRESH_PATH = "/my-money?continue=onboarding";

/**
 * Stripe Connect onboarding: the company's Express account (made once: the same idempotency key
 * for the company, and the row's key keeps a second one out) and a fresh Account Link to Stripe's
 * onboarding, which comes back to /finish-stripe-onboarding (or to My Money when the link expired).
 */
export async function startOnboarding(companyId: number, settings = stripeSettings()): Promise<string> {
  await ensurePaymentAccount(companyId, settings);
  return onboardingLink(companyId, settings);
}

/** The company's Express account at Stripe, made once. */
export async function ensurePaymentAccount(companyId: number, settings = stripeSettings()) {
  const stripe = stripeClient(requireSettings(settings));
  let account = await getPaymentAccount(companyId);
  if (!account) {
    const [company] = await db
      .select({ email: companies.email, country: companies.country, businessName: companies.businessName })
      .from(companies)
      .where(eq(companies.id, companyId));
    const created = await stripeCall(() =>
      stripe.accounts.create(
        {
          type: "express",
          country: company.country === "CA" ? "CA" : "US",
          email: company.email ?? undefined,
          business_profile: { name: company.businessName },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { companyId: String(companyId) },
        },
        { idempotencyKey: `fieldwise-connect-company-${companyId}` },
      ),
    );
    await db
      .insert(paymentAccounts)
      .values({ companyId, stripeAccountId: created.id, ...accountFlags(created) })
      .onConflictDoNothing();
    account = await getPaymentAccount(companyId);
    if (!account) throw new PaymentsError("The Stripe account could not be saved. Please try again.");
  }
  return account;
}

/** A fresh, one-time Account Link to Stripe's onboarding of the company's account. */
export async function onboardingLink(companyId: number, settings = stripeSettings()): Promise<string> {
  const stripe = stripeClient(requireSettings(settings));
  const account = await getPaymentAccount(companyId);
  if (!account) throw new PaymentsError("Connect a Stripe account first.");
  const link = await stripeCall(() =>
    stripe.accountLinks.create({
      account: account.stripeAccountId,
      type: "account_onboarding",
      return_url: absoluteUrl("/finish-stripe-onboarding"),
      refresh_url: absoluteUrl(ONBOARDING_REFRESH_PATH),
    }),
  );
  return link.url;
}

/** The account's state as Stripe reports it now, saved; null without an account. */
export async function refreshPaymentAccount(companyId: number, settings = stripeSettings()) {
  const account = await getPaymentAccount(companyId);
  if (!account || !settings) return account;
  const remote = await stripeCall(() => stripeClient(settings).accounts.retrieve(account.stripeAccountId));
  const flags = accountFlags(remote);
  await db.update(paymentAccounts).set(flags).where(eq(paymentAccounts.companyId, companyId));
  return { ...account, ...flags };
}

/** A one-time link into the company's Stripe Express dashboard (payouts, refunds, disputes). */
export async function expressDashboardLink(companyId: number, settings = stripeSettings()): Promise<string> {
  const stripe = stripeClient(requireSettings(settings));
  const account = await getPaymentAccount(companyId);
  if (!account) throw new PaymentsError("Connect a Stripe account first.");
  const link = await stripeCall(() => stripe.accounts.createLoginLink(account.stripeAccountId));
  return link.url;
}

/** Available and pending balance of the connected account, per currency (null when Stripe cannot say). */
export async function connectedBalance(companyId: number, settings = stripeSettings()) {
  const account = await getPaymentAccount(companyId);
  if (!account || !settings || !account.chargesEnabled) return null;
  try {
    const balance = await stripeClient(settings).balance.retrieve({}, { stripeAccount: account.stripeAccountId });
    return {
      available: balance.available.map((b) => ({ amountCents: b.amount, currency: b.currency })),
      pending: balance.pending.map((b) => ({ amountCents: b.amount, currency: b.currency })),
    };
  } catch {
    return null;
  }
}

/* ----------------------------- the customer's invoice payment ----------------------------- */

/** Why an invoice cannot be paid by card right now, or null when it can. */
export async function cardPaymentBlocker(
  invoice: { companyId: number; balanceCents: number; status: number },
  settings = stripeSettings(),
): Promise<string | null> {
  if (!settings) return PAYMENTS_NOT_SET_UP;
  if (invoice.balanceCents <= 0) return "This invoice is paid in full.";
  if (invoice.status === 5) return "This invoice is closed; please contact the business.";
  const account = await getPaymentAccount(invoice.companyId);
  if (!account?.chargesEnabled) return "This business does not take card payments online yet.";
  return null;
}

/**
 * A Checkout Session on the company's connected account for the invoice's balance. The
 * idempotency key is the invoice and its balance (and the day, inside Stripe's 24-hour window for
 * keys), so a double click answers the same session; a payment changes the balance and so the key.
 * Returns our hand-off address, /redirect-to-stripe/{session}/{account}.
 */
export async function startInvoiceCheckout(token: string, settings = stripeSettings()): Promise<string> {
  const invoice = await findInvoiceByToken(token);
  if (!invoice) throw new PaymentsError("This invoice link is not valid.");
  const blocker = await cardPaymentBlocker(invoice, settings);
  if (blocker) throw new PaymentsError(blocker);
  const stripe = stripeClient(settings!);
  const account = (await getPaymentAccount(invoice.companyId))!;
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, invoice.companyId));
  const metadata = {
    companyId: String(invoice.companyId),
    invoiceId: String(invoice.id),
    invoiceNumber: String(invoice.number),
    token,
  };
  const query = `?token=${encodeURIComponent(token)}`;
  const day = new Date().toISOString().slice(0, 10);
  const session = await stripeCall(() =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: `invoice-${invoice.id}`,
        customer_email: invoice.customer.email ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: currencyFor(company?.country),
              unit_amount: invoice.balanceCents,
              product_data: { name: `Invoice #${invoice.number} from ${invoice.company.businessName}` },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `Invoice #${invoice.number}` },
        success_url: absoluteUrl(`/paymentSucceeded/${invoice.number}${query}`),
        cancel_url: absoluteUrl(`/paymentFailed/${invoice.number}${query}`),
      },
      {
        stripeAccount: account.stripeAccountId,
        idempotencyKey: `fieldwise-invoice-${invoice.id}-balance-${invoice.balanceCents}-${day}`,
      },
    ),
  );
  return `/redirect-to-stripe/${session.id}/${account.stripeAccountId}`;
}

/**
 * The Checkout page of a session, once the session is shown to be ours: the account is a company's
 * connected account, Stripe finds the session on that account, and its metadata names an invoice of
 * that company whose token matches. Anything else (another account's session, a made-up id, a
 * finished session) answers null.
 */
export async function checkoutUrlFor(sessionId: string, connectedAccountId: string, settings = stripeSettings()) {
  if (!settings || !SESSION_ID.test(sessionId) || !ACCOUNT_ID.test(connectedAccountId)) return null;
  const owner = await companyOfAccount(connectedAccountId);
  if (!owner) return null;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(settings).checkout.sessions.retrieve(
      sessionId,
      {},
      { stripeAccount: connectedAccountId },
    );
  } catch {
    return null;
  }
  const meta = session.metadata ?? {};
  if (meta.companyId !== String(owner.companyId) || !/^\d+$/.test(meta.invoiceId ?? "")) return null;
  const [invoice] = await db
    .select({ token: invoices.publicToken })
    .from(invoices)
    .where(and(eq(invoices.id, Number(meta.invoiceId)), eq(invoices.companyId, owner.companyId)));
  if (!invoice || invoice.token !== meta.token) return null;
  if (session.status !== "open" || !session.url) return null;
  return session.url;
}

/** For /paymentSucceeded: the invoice behind the number and token, and whether a card payment is recorded. */
export async function paymentOutcome(invoiceNumber: string, token: string) {
  const invoice = await findInvoiceByToken(token);
  if (!invoice || String(invoice.number) !== invoiceNumber) return null;
  const [card] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoice.id),
        eq(invoicePayments.companyId, invoice.companyId),
        eq(invoicePayments.method, PaymentMethod.Card),
      ),
    )
    .limit(1);
  return { invoice, cardPaymentRecorded: Boolean(card) };
}

/* --------------------------------------- webhooks --------------------------------------- */

/** "refused": Stripe took the money but the invoice could not take it (paid meanwhile, uncollectible): see the log. */
export type EventOutcome = "applied" | "duplicate" | "ignored" | "refused";

const alreadyApplied = async (eventId: string) =>
  (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId))).length > 0;

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
const markApplied = async (executor: Tx | typeof db, event: Stripe.Event) =>
  (
    await executor
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, accountId: event.account ?? null })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
  ).length > 0;

/** The invoice a Stripe object's metadata names, when the account it came from is that invoice's company's. */
async function invoiceOfPayment(account: string | undefined, metadata: Stripe.Metadata | null) {
  if (!account || !metadata || !/^\d+$/.test(metadata.invoiceId ?? "") || !/^\d+$/.test(metadata.companyId ?? ""))
    return null;
  const owner = await companyOfAccount(account);
  if (!owner || String(owner.companyId) !== metadata.companyId) return null;
  const [invoice] = await db
    .select({ id: invoices.id, companyId: invoices.companyId, token: invoices.publicToken })
    .from(invoices)
    .where(and(eq(invoices.id, Number(metadata.invoiceId)), eq(invoices.companyId, owner.companyId)));
  return invoice && invoice.token === metadata.token ? invoice : null;
}

/**
 * One verified webhook event, applied at most once. Events of our own tables (account.updated,
 * setup_intent.succeeded) write the event id in the transaction of their change. A payment goes
 * through recordInvoicePayment, whose idempotency key is the payment intent: the session's
 * completion and the intent's success (in either order, twice, or at once) record one payment,
 * and the event id is written after it, so a crash in between replays harmlessly.
 */
export async function applyStripeEvent(event: Stripe.Event, settings = stripeSettings()): Promise<EventOutcome> {
  if (await alreadyApplied(event.id)) return "duplicate";
  switch (event.type) {
    case "account.updated": {
      const account = event.data.object;
      return db.transaction(async (tx) => {
        if (!(await markApplied(tx, event))) return "duplicate";
        await tx
          .update(paymentAccounts)
          .set(accountFlags(account))
          .where(eq(paymentAccounts.stripeAccountId, account.id));
        return "applied";
      });
    }
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.mode !== "payment" || session.payment_status !== "paid") return ignore(event);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent || session.amount_total === null) return ignore(event);
      return recordCard(event, session.metadata, intent, session.amount_total, session.id);
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return recordCard(event, intent.metadata, intent.id, intent.amount_received || intent.amount, null);
    }
    case "setup_intent.succeeded":
      return saveCard(event, event.data.object, settings);
    default:
      return ignore(event);
  }
}

async function ignore(event: Stripe.Event): Promise<EventOutcome> {
  await markApplied(db, event);
  return "ignored";
}

async function recordCard(
  event: Stripe.Event,
  metadata: Stripe.Metadata | null,
  paymentIntentId: string,
  amountCents: number,
  checkoutSessionId: string | null,
): Promise<EventOutcome> {
  const invoice = await invoiceOfPayment(event.account, metadata);
  if (!invoice || amountCents <= 0) return ignore(event);
  try {
    await recordInvoicePayment({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      method: PaymentMethod.Card,
      amountCents,
      note: "Paid online by card",
      idempotencyKey: `stripe:${paymentIntentId}`,
      stripeCheckoutSessionId: checkoutSessionId,
      stripePaymentIntentId: paymentIntentId,
      paidAt: new Date(event.created * 1000),
    });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    // Retrying would not change the answer: the event is marked, and the office refunds or settles it at Stripe.
    console.warn(
      `Stripe payment ${paymentIntentId} (${amountCents} cents, account ${event.account}) not recorded on invoice ${invoice.id}: ${error.message}`,
    );
    await markApplied(db, event);
    return "refused";
  }
  return (await markApplied(db, event)) ? "applied" : "duplicate";
}

async function saveCard(event: Stripe.Event, intent: Stripe.SetupIntent, settings: StripeSettings | null) {
  const meta = intent.metadata ?? {};
  const pmId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  const stripeCustomer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  const owner = event.account ? await companyOfAccount(event.account) : null;
  if (
    !owner ||
    !pmId ||
    !stripeCustomer ||
    meta.companyId !== String(owner.companyId) ||
    !/^\d+$/.test(meta.customerId ?? "")
  )
    return ignore(event);
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, Number(meta.customerId)), eq(customers.companyId, owner.companyId)));
  if (!customer) return ignore(event);
  let card: Stripe.PaymentMethod.Card | undefined;
  if (settings) {
    try {
      card = (await stripeClient(settings).paymentMethods.retrieve(pmId, {}, { stripeAccount: event.account })).card;
    } catch {
      card = undefined; // the card is saved without its description; the charge needs only the ids
    }
  }
  return db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await markApplied(tx, event))) return "duplicate";
    await tx
      .insert(savedCards)
      .values({
        companyId: owner.companyId,
        customerId: customer.id,
        stripeCustomerId: stripeCustomer,
        stripePaymentMethodId: pmId,
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        expMonth: card?.exp_month ?? null,
        expYear: card?.exp_year ?? null,
      })
      .onConflictDoNothing();
    return "applied";
  });
}

/* ------------------------------------ saving a card ------------------------------------ */

/** How long a card-saving link works once made. */
export const ADD_CARD_LINK_HOURS = 72;

const cardLinkSecret = () => `add-card:${env().SESSION_SECRET ?? DEV_SESSION_SECRET}`;
const cardLinkMac = (customerId: number, accountId: string, expires: number) =>
  createHmac("sha256", cardLinkSecret()).update(`${customerId}:${accountId}:${expires}`).digest("base64url");

/**
 * The spec's /add-card-mobile/{customerId}/{connectedAccountId} names a customer by its number: alone
 * it would let anyone save a card on any customer. The link carries `?token=` too, an HMAC of the
 * customer, the account and an expiry (ADD_CARD_LINK_HOURS), made for a signed-in user of the company.
 */
export async function addCardLink(ctx: { companyId: number }, customerId: number, now = Date.now()) {
  const account = await getPaymentAccount(ctx.companyId);
  if (!account) throw new PaymentsError("Connect a Stripe account first.");
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, ctx.companyId)));
  if (!customer) throw new PaymentsError("No such customer.");
  const expires = Math.floor(now / 1000) + ADD_CARD_LINK_HOURS * 3600;
  const token = `${expires}.${cardLinkMac(customerId, account.stripeAccountId, expires)}`;
  return absoluteUrl(`/add-card-mobile/${customerId}/${account.stripeAccountId}?token=${token}`);
}

export function cardLinkValid(customerId: string, accountId: string, token: string | null, now = Date.now()) {
  const m = /^(\d{9,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m || !/^\d{1,12}$/.test(customerId) || !ACCOUNT_ID.test(accountId)) return false;
  const expires = Number(m[1]);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(cardLinkMac(Number(customerId), accountId, expires));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A setup-mode Checkout Session on the connected account for a customer whose link is valid: the
 * card is saved by Stripe, and the setup_intent.succeeded webhook stores it in saved_cards.
 */
export async function startAddCard(
  customerId: string,
  accountId: string,
  token: string | null,
  settings = stripeSettings(),
): Promise<string> {
  if (!cardLinkValid(customerId, accountId, token)) throw new PaymentsError("This link is not valid or has expired.");
  const stripe = stripeClient(requireSettings(settings));
  const owner = await companyOfAccount(accountId);
  if (!owner?.chargesEnabled) throw new PaymentsError("This business does not take card payments online yet.");
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, owner.companyId));
  const [customer] = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, Number(customerId)), eq(customers.companyId, owner.companyId)));
  if (!customer) throw new PaymentsError("This link is not valid or has expired.");
  const [existing] = await db
    .select({ stripeCustomerId: savedCards.stripeCustomerId })
    .from(savedCards)
    .where(and(eq(savedCards.companyId, owner.companyId), eq(savedCards.customerId, customer.id)))
    .limit(1);
  const metadata = { companyId: String(owner.companyId), customerId: String(customer.id) };
  const stripeCustomerId =
    existing?.stripeCustomerId ??
    (
      await stripeCall(() =>
        stripe.customers.create(
          {
            email: customer.email ?? undefined,
            name: [customer.firstName, customer.lastName].filter(Boolean).join(" ") || undefined,
            metadata,
          },
          { stripeAccount: accountId, idempotencyKey: `fieldwise-customer-${owner.companyId}-${customer.id}` },
        ),
      )
    ).id;
  const session = await stripeCall(() =>
    stripe.checkout.sessions.create(
      {
        mode: "setup",
        currency: currencyFor(company?.country),
        customer: stripeCustomerId,
        metadata,
        setup_intent_data: { metadata },
        success_url: absoluteUrl("/success-add-card-mobile"),
        cancel_url: absoluteUrl("/paymentMessage/card-not-saved"),
      },
      { stripeAccount: accountId },
    ),
  );
  if (!session.url) throw new PaymentsError("Stripe did not give a page to save the card on.");
  return session.url;
}

/* ------------------------------ charging a saved card (jobs) ------------------------------ */

/**
 * An off-session charge of a customer's saved card on the company's connected account, for an
 * invoice (its metadata lets the payment_intent.succeeded webhook find the invoice). The
 * idempotency key makes a retried call one charge. Throws Stripe's error (a declined card:
 * Stripe.errors.StripeCardError). Shared by "pay online" on a job and service plans' automatic charges.
 */
export function chargeSavedCard(
  settings: StripeSettings,
  charge: {
    stripeAccountId: string;
    country: string | null | undefined;
    companyId: number;
    invoice: { id: number; number: number; token: string };
    amountCents: number;
    card: { stripeCustomerId: string; paymentMethodId: string };
    metadata?: Record<string, string>;
    description?: string;
    idempotencyKey: string;
  },
): Promise<Stripe.PaymentIntent> {
  return stripeClient(settings).paymentIntents.create(
    {
      amount: charge.amountCents,
      currency: currencyFor(charge.country),
      customer: charge.card.stripeCustomerId,
      payment_method: charge.card.paymentMethodId,
      off_session: true,
      confirm: true,
      description: charge.description ?? `Invoice #${charge.invoice.number}`,
      metadata: {
        companyId: String(charge.companyId),
        invoiceId: String(charge.invoice.id),
        invoiceNumber: String(charge.invoice.number),
        token: charge.invoice.token,
        ...charge.metadata,
      },
    },
    { stripeAccount: charge.stripeAccountId, idempotencyKey: charge.idempotencyKey },
  );
}

/**
 * The check storeSignatureImage makes of a drawn signature (the same decoding), without storing
 * it: the route's schema checked the data URL's form and size. A RuleError on `signature`.
 */
async function checkSignatureImage(dataUrl: string) {
  const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  await sharp(data, { limitInputPixels: 4000 * 4000 })
    .resize(1200, 600, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => {
      throw new RuleError({ signature: "The signature is not a readable image" });
    });
}

export type PayOnlineInput = {
  paymentMethodId?: string;
  note?: string;
  useSavedCard: boolean;
  /** Send the customer a payment receipt by email after a succeeded charge (to `email` when given). */
  notify?: boolean;
  email?: string;
  /** The customer's drawn signature (a data URL), recorded on the job as POST jobs/{id}/sign does. */
  signature?: string;
};

/**
 * POST /api/jobs/{id}/pay-online: the balance of the job's open invoice charged off-session to a
 * saved card of its customer (the one named, else the newest), on the company's connected account.
 * The idempotency key is the invoice and its balance, so a retried call makes one charge. A
 * succeeded charge is recorded at once with the key the webhook uses (`stripe:{payment intent}`),
 * so the webhook that follows records nothing more. A signature is checked before the charge (an
 * unreadable one refuses the payment, nothing charged) and recorded on the job only once the charge
 * succeeded and is recorded (a declined or unconfirmed charge leaves no signature); with `notify` a
 * succeeded charge sends one receipt per payment (sendPaymentReceipt).
 */
export async function payJobOnline(
  ctx: CallerContext,
  jobId: number,
  input: PayOnlineInput,
  settings = stripeSettings(),
) {
  const refuse = (message: string): never => {
    throw new RuleError({ _global: message });
  };
  // The access table's promise: a field tech reaches only the jobs assigned to them.
  if (!(await canSeeJob(ctx, jobId))) return null;
  if (!settings) refuse(PAYMENTS_NOT_SET_UP);
  if (!input.useSavedCard)
    refuse("Only a saved card can be charged here: send the invoice so the customer pays by card.");
  const [invoice] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      token: invoices.publicToken,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, ctx.companyId), eq(invoices.jobId, jobId), ne(invoices.status, 5)))
    .limit(1);
  if (!invoice) return null;
  const balance = invoice.totalCents - invoice.paidCents;
  if (balance <= 0) refuse("The invoice is already paid.");
  const account = await getPaymentAccount(ctx.companyId);
  if (!account?.chargesEnabled) refuse("Connect a Stripe account that takes card payments first (My Money).");
  const cards = await db
    .select({ stripeCustomerId: savedCards.stripeCustomerId, paymentMethodId: savedCards.stripePaymentMethodId })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.companyId, ctx.companyId),
        eq(savedCards.customerId, invoice.customerId),
        input.paymentMethodId ? eq(savedCards.stripePaymentMethodId, input.paymentMethodId) : undefined,
      ),
    )
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  const card = cards[0] ?? refuse("The customer has no saved card.");
  if (input.signature) await checkSignatureImage(input.signature);
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  let intent: Stripe.PaymentIntent;
  try {
    intent = await chargeSavedCard(settings!, {
      stripeAccountId: account!.stripeAccountId,
      country: company?.country,
      companyId: ctx.companyId,
      invoice,
      amountCents: balance,
      card,
      metadata: { jobId: String(jobId) },
      idempotencyKey: `fieldwise-pay-online-${invoice.id}-balance-${balance}`,
    });
  } catch (error) {
    return refuse(stripeErrorMessage(error));
  }
  if (intent.status !== "succeeded")
    return {
      paymentIntentId: intent.id,
      status: intent.status,
      recorded: false,
      balanceCents: balance,
      signedAt: null,
      receipt: null,
    };
  // The receipt's outbox row is written with the payment: a crash after the charge still sends it.
  const receiptTo = input.notify ? { companyId: ctx.companyId, paymentIntentId: intent.id, email: input.email } : null;
  const result = await recordInvoicePayment({
    companyId: ctx.companyId,
    invoiceId: invoice.id,
    method: PaymentMethod.Card,
    amountCents: intent.amount_received || intent.amount,
    note: input.note?.trim() || "Saved card charged",
    idempotencyKey: `stripe:${intent.id}`,
    stripePaymentIntentId: intent.id,
    recordedByUserId: ctx.userId,
    alsoRecord: receiptTo ? (tx) => queuePaymentReceipt(tx, receiptTo).then(() => undefined) : undefined,
  });
  // Signed for a payment that happened: the image was checked before the charge, so this stores it.
  const signed = input.signature ? await signJob(ctx, jobId, { signature: input.signature }) : null;
  const receipt = receiptTo ? await sendPaymentReceipt(receiptTo) : null;
  return {
    paymentIntentId: intent.id,
    status: intent.status,
    recorded: result.recorded,
    balanceCents: result.balanceCents,
    signedAt: signed?.signedAt ?? null,
    receipt,
  };
}
