import { and, desc, eq, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import { db, executeSql } from "~/db.server";
import {
  companies,
  customerServicePlans,
  invoicePayments,
  invoices,
  savedCards,
  servicePlanCharges,
} from "~/db/schema";
import { stripeClient, stripeErrorMessage, stripeSettings, type StripeSettings } from "~/services/payments.server";
import { chargeSavedCard, getPaymentAccount } from "~/models/payments/card-payments.server";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import { InvoiceStatus, PaymentMethod } from "~/models/invoices/invoices.schema";
import { RuleError } from "~/models/rules";
import { nudgeDispatcher } from "~/models/messaging/automatic.server";
import { queueChargeFailedEmail } from "./plan-messages.server";

/**
 * Automatic charges of service plans' invoices (docs/decisions/058-service-plans.md): the
 * service_plan_charges rows written with each invoice are claimed (pending, or charging for longer
 * than STALE_CHARGE_MS: the process died mid-charge), the plan's saved card is charged off-session on
 * the company's connected account with the idempotency key `plan-charge:{invoiceId}` (a retried
 * claim makes no second charge), and the payment is recorded with the key the webhook uses
 * (`stripe:{payment intent}`), so the webhook that follows records nothing more.
 */

export const STALE_CHARGE_MS = 10 * 60_000;
/** Attempts before a charge Stripe could not be reached for is given up (a declined card is not retried). */
export const MAX_CHARGE_ATTEMPTS = 5;
/** Charges sent to Stripe at once. */
const CHARGE_CONCURRENCY = 8;

export const CHARGE_ERRORS = {
  paymentsOff: "Card payments are not set up, so the card was not charged: the invoice is due.",
  noAccount:
    "The company's payment account does not take card payments yet, so the card was not charged: the invoice is due.",
  noCard: "The plan has no saved card, so it was not charged: the invoice is due.",
} as const;

type ClaimedCharge = {
  id: number;
  companyId: number;
  invoiceId: number;
  planId: number;
  attempts: number;
  claimedAt: Date;
};

/** Claims up to `limit` charges for this process: pending (or stale charging) becomes charging, one attempt more. */
async function claimCharges(limit: number, now: Date): Promise<ClaimedCharge[]> {
  const rows = await executeSql<{
    id: number;
    company_id: number;
    invoice_id: number;
    customer_service_plan_id: number;
    attempts: number;
  }>(
    `update service_plan_charges set status = 'charging', claimed_at = $2, attempts = attempts + 1, updated_at = $2
     where id in (
       select id from service_plan_charges
       where status = 'pending' or (status = 'charging' and claimed_at < $3)
       order by created_at, id for update skip locked limit $1)
     returning id, company_id, invoice_id, customer_service_plan_id, attempts`,
    [limit, now.toISOString(), new Date(now.getTime() - STALE_CHARGE_MS).toISOString()],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    invoiceId: Number(r.invoice_id),
    planId: Number(r.customer_service_plan_id),
    attempts: Number(r.attempts),
    claimedAt: now,
  }));
}

/** Only the claim that is still ours may finish the row. */
const ours = (charge: ClaimedCharge) =>
  and(
    eq(servicePlanCharges.id, charge.id),
    eq(servicePlanCharges.status, "charging"),
    eq(servicePlanCharges.claimedAt, charge.claimedAt),
  );

type Outcome = "charged" | "chargesFailed" | "retried";

/** Claims and charges pending charges in batches until none is left. */
export async function runPendingCharges(
  options: { now?: Date; batchSize?: number; settings?: StripeSettings | null } = {},
): Promise<{ charged: number; chargesFailed: number }> {
  const now = options.now ?? new Date();
  const settings = options.settings === undefined ? stripeSettings() : options.settings;
  const batchSize = options.batchSize ?? 100;
  const report = { charged: 0, chargesFailed: 0 };
  let emailed = false;
  for (;;) {
    const claimed = await claimCharges(batchSize, now);
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: CHARGE_CONCURRENCY }, async () => {
        for (let charge = queue.shift(); charge; charge = queue.shift()) {
          const outcome = await chargeOne(charge, now, settings).catch((error: unknown) => {
            console.warn(`Service plan charge ${charge!.id} stopped: ${(error as Error).message}`);
            return { result: "retried" as const, emailed: false };
          });
          if (outcome.result !== "retried") report[outcome.result]++;
          emailed ||= outcome.emailed;
        }
      }),
    );
    if (claimed.length < batchSize) break;
  }
  if (emailed) nudgeDispatcher();
  return report;
}

async function chargeOne(
  charge: ClaimedCharge,
  now: Date,
  settings: StripeSettings | null,
): Promise<{ result: Outcome; emailed: boolean }> {
  const [row] = await db
    .select({
      number: invoices.number,
      token: invoices.publicToken,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      paymentMethodId: customerServicePlans.stripePaymentMethodId,
      planName: customerServicePlans.name,
      country: companies.country,
    })
    .from(invoices)
    .innerJoin(customerServicePlans, eq(customerServicePlans.id, invoices.customerServicePlanId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, charge.invoiceId), eq(invoices.companyId, charge.companyId)));
  const balance = row ? row.totalCents - row.paidCents : 0;
  if (!row || balance <= 0 || row.status === InvoiceStatus.Uncollectible) return settle(charge, now, row?.status);
  const fail = (message: string, email: boolean) => failCharge(charge, now, message, email);
  if (!settings) return fail(CHARGE_ERRORS.paymentsOff, false);
  const account = await getPaymentAccount(charge.companyId);
  if (!account?.chargesEnabled) return fail(CHARGE_ERRORS.noAccount, false);
  if (!row.paymentMethodId) return fail(CHARGE_ERRORS.noCard, true);
  let intent: Stripe.PaymentIntent;
  try {
    const stripeCustomerId = await customerOfCard(
      settings,
      charge.companyId,
      account.stripeAccountId,
      row.paymentMethodId,
    );
    intent = await chargeSavedCard(settings, {
      stripeAccountId: account.stripeAccountId,
      country: row.country,
      companyId: charge.companyId,
      invoice: { id: charge.invoiceId, number: row.number, token: row.token },
      amountCents: balance,
      card: { stripeCustomerId, paymentMethodId: row.paymentMethodId },
      metadata: { customerServicePlanId: String(charge.planId) },
      description: `Invoice #${row.number}: ${row.planName}`,
      idempotencyKey: `plan-charge:${charge.invoiceId}`,
    });
  } catch (error) {
    // A declined card (or a card Stripe cannot find) is the answer; an unreachable Stripe is tried again.
    const final =
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      charge.attempts >= MAX_CHARGE_ATTEMPTS;
    if (final)
      return fail(error instanceof Stripe.errors.StripeError ? error.message : stripeErrorMessage(error), true);
    await db
      .update(servicePlanCharges)
      .set({ status: "pending", claimedAt: null, error: stripeErrorMessage(error), updatedAt: now })
      .where(ours(charge));
    return { result: "retried", emailed: false };
  }
  if (intent.status !== "succeeded")
    return fail(`The card needs the customer's confirmation (payment ${intent.status.replace(/_/g, " ")}).`, true);
  const amountCents = intent.amount_received || intent.amount;
  try {
    await recordInvoicePayment({
      companyId: charge.companyId,
      invoiceId: charge.invoiceId,
      method: PaymentMethod.Card,
      amountCents,
      note: "Service plan payment charged automatically",
      idempotencyKey: `stripe:${intent.id}`,
      stripePaymentIntentId: intent.id,
      paidAt: now,
    });
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    // Stripe took the money but the invoice could not take it (paid meanwhile): the office refunds it at Stripe.
    console.warn(`Stripe payment ${intent.id} not recorded on invoice ${charge.invoiceId}: ${error.message}`);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(servicePlanCharges)
      .set({ status: "succeeded", stripePaymentIntentId: intent.id, error: null, updatedAt: now })
      .where(ours(charge));
    await tx
      .update(customerServicePlans)
      .set({ lastChargeError: null, lastChargeFailedAt: null })
      .where(eq(customerServicePlans.id, charge.planId));
  });
  return { result: "charged", emailed: false };
}

/** The card's Stripe customer: the saved card's row, else Stripe's own answer. */
async function customerOfCard(
  settings: StripeSettings,
  companyId: number,
  stripeAccountId: string,
  paymentMethodId: string,
): Promise<string> {
  const [saved] = await db
    .select({ stripeCustomerId: savedCards.stripeCustomerId })
    .from(savedCards)
    .where(and(eq(savedCards.companyId, companyId), eq(savedCards.stripePaymentMethodId, paymentMethodId)))
    .limit(1);
  if (saved) return saved.stripeCustomerId;
  const method = await stripeClient(settings).paymentMethods.retrieve(
    paymentMethodId,
    {},
    { stripeAccount: stripeAccountId },
  );
  const customer = typeof method.customer === "string" ? method.customer : method.customer?.id;
  if (!customer)
    throw new Stripe.errors.StripeInvalidRequestError({ message: "The saved card has no customer at Stripe." });
  return customer;
}

/**
 * Nothing left to charge (paid by hand, or by this charge before a crash), or the invoice is closed:
 * the charge ends, succeeded when a card payment of Stripe's paid it.
 */
async function settle(charge: ClaimedCharge, now: Date, status: number | undefined) {
  const [paid] = await db
    .select({ intent: invoicePayments.stripePaymentIntentId })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, charge.invoiceId), isNotNull(invoicePayments.stripePaymentIntentId)))
    .orderBy(desc(invoicePayments.paidAt))
    .limit(1);
  await db
    .update(servicePlanCharges)
    .set(
      paid
        ? { status: "succeeded", stripePaymentIntentId: paid.intent, error: null, updatedAt: now }
        : {
            status: "failed",
            error:
              status === InvoiceStatus.Uncollectible
                ? "The invoice is uncollectible"
                : "The invoice was paid another way",
            updatedAt: now,
          },
    )
    .where(ours(charge));
  return { result: paid ? ("charged" as const) : ("chargesFailed" as const), emailed: false };
}

/** The charge failed: it ends, the invoice stays due, the plan shows why, and (`email`) the company hears once. */
async function failCharge(charge: ClaimedCharge, now: Date, message: string, email: boolean) {
  const emailed = await db.transaction(async (tx) => {
    const [mine] = await tx
      .update(servicePlanCharges)
      .set({ status: "failed", error: message, updatedAt: now })
      .where(ours(charge))
      .returning({ id: servicePlanCharges.id });
    if (!mine) return false;
    await tx
      .update(customerServicePlans)
      .set({ lastChargeError: message, lastChargeFailedAt: now })
      .where(eq(customerServicePlans.id, charge.planId));
    return email ? queueChargeFailedEmail(tx, charge.companyId, charge.invoiceId, now) : false;
  });
  return { result: "chargesFailed" as const, emailed };
}
