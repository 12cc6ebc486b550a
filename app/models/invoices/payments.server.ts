import { and, eq, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { invoicePayments, invoices, jobs, jobTimelineEvents } from "~/db/schema";
import { RuleError } from "~/models/rules";
import { ActorType, JOB_STATUS_MOVES, JobStatus, TimelineEvent, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { InvoiceStatus, PaymentStatus, paymentMethodLabels } from "~/models/invoices/invoices.schema";
import { cancelInvoiceFollowUps, findInvoiceRow, InvoiceNotFoundError } from "~/models/invoices/invoices.server";
import { MONEY_MAX_CENTS } from "~/models/line-items/money";
import { recordInvoiceEvent } from "~/models/activity/invoice-timeline.server";
import { recordInvoiceWebhook, recordPaymentWebhook } from "~/models/webhooks/event-data.server";

export { InvoiceNotFoundError } from "~/models/invoices/invoices.server";

export type RecordInvoicePaymentInput = {
  companyId: number;
  invoiceId: number;
  /** cash 0, check 1, card 2, other 3 */
  method: number;
  amountCents: number;
  note?: string | null;
  /** The form's per-render token, or the Stripe event's payment: the same key records once. */
  idempotencyKey: string;
  stripeCheckoutSessionId?: string | null;
  stripePaymentIntentId?: string | null;
  recordedByUserId?: number | null;
  paidAt?: Date;
  /** More writes that belong to a newly recorded payment (its receipt's outbox row), in its transaction. */
  alsoRecord?: (tx: Executor) => Promise<void>;
};

export type RecordInvoicePaymentResult = { recorded: boolean; invoiceStatus: number; balanceCents: number };

/**
 * Records money received against an invoice, in one transaction: the invoice row is locked, so
 * concurrent payments see each other. Idempotent: the same idempotency key (per company) or the
 * same Stripe payment intent records once (recorded: false, the invoice as it is). Refuses (RuleError)
 * an amount of 0 or above the balance, and an uncollectible or fully paid invoice. Fully paid: status
 * paid with paidAt, follow-ups cancelled, and the invoice's job moves to paid in the same transaction
 * when its status allows (JOB_STATUS_MOVES). Throws InvoiceNotFoundError for an invoice that is not
 * the company's.
 */
export async function recordInvoicePayment(input: RecordInvoicePaymentInput): Promise<RecordInvoicePaymentResult> {
  if (!(input.method in paymentMethodLabels)) throw new RuleError({ method: "Choose a payment method" });
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MONEY_MAX_CENTS)
    throw new RuleError({ amount: "Amount must be greater than 0" });
  const key = String(input.idempotencyKey ?? "").trim();
  if (!key || key.length > 200) throw new RuleError({ _global: "The payment has no idempotency key" });
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, input.companyId, input.invoiceId, true);
    if (!invoice) throw new InvoiceNotFoundError();
    // Read after the lock: a concurrent request with the same key has committed by now.
    const [seen] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(
        or(
          and(eq(invoicePayments.companyId, input.companyId), eq(invoicePayments.idempotencyKey, key)),
          input.stripePaymentIntentId
            ? eq(invoicePayments.stripePaymentIntentId, input.stripePaymentIntentId)
            : sql`false`,
        ),
      )
      .limit(1);
    const state = (row: { status: number; totalCents: number; paidCents: number }) => ({
      invoiceStatus: row.status,
      balanceCents: Math.max(0, row.totalCents - row.paidCents),
    });
    if (seen) return { recorded: false, ...state(invoice) };
    if (invoice.status === InvoiceStatus.Uncollectible)
      throw new RuleError({ _global: "An uncollectible invoice cannot take a payment: undo uncollectible first" });
    const balance = state(invoice).balanceCents;
    if (balance === 0) throw new RuleError({ amount: "The invoice is already paid" });
    if (input.amountCents > balance)
      throw new RuleError({ amount: `Amount cannot be more than the balance of $${(balance / 100).toFixed(2)}` });
    const paidAt = input.paidAt ?? new Date();
    const inserted = await tx
      .insert(invoicePayments)
      .values({
        companyId: input.companyId,
        invoiceId: invoice.id,
        method: input.method,
        status: PaymentStatus.Paid,
        amountCents: input.amountCents,
        note: input.note?.trim() || null,
        idempotencyKey: key,
        stripeCheckoutSessionId: input.stripeCheckoutSessionId ?? null,
        stripePaymentIntentId: input.stripePaymentIntentId ?? null,
        recordedByUserId: input.recordedByUserId ?? null,
        paidAt,
      })
      .onConflictDoNothing()
      .returning({ id: invoicePayments.id });
    if (inserted.length === 0) return { recorded: false, ...state(invoice) };
    const paidCents = invoice.paidCents + input.amountCents;
    const fullyPaid = paidCents >= invoice.totalCents;
    const status = fullyPaid ? InvoiceStatus.Paid : invoice.status;
    await tx
      .update(invoices)
      .set({ paidCents, status, ...(fullyPaid ? { paidAt } : {}), updatedAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.companyId, input.companyId)));
    // Recorded by an employee, paid online by the customer (Checkout), or charged by the system (autopay).
    const actor = { userId: input.recordedByUserId, customer: !!input.stripeCheckoutSessionId };
    const event = { companyId: input.companyId, invoiceId: invoice.id, actor };
    const payment = { amountCents: input.amountCents, method: input.method };
    await recordInvoiceEvent(tx, { ...event, type: TimelineEvent.PaymentRecorded, data: payment });
    if (status !== invoice.status)
      await recordInvoiceEvent(tx, {
        ...event,
        type: TimelineEvent.InvoicePaid,
        fromStatus: invoice.status,
        toStatus: status,
      });
    await recordPaymentWebhook(tx, input.companyId, inserted[0].id);
    if (fullyPaid) await recordInvoiceWebhook(tx, input.companyId, "invoice.paid", invoice.id);
    if (fullyPaid) {
      await cancelInvoiceFollowUps(tx, input.companyId, invoice.id);
      if (invoice.jobId) await moveJobToPaid(tx, input.companyId, invoice.jobId, invoice.id, input.recordedByUserId);
    }
    await input.alsoRecord?.(tx);
    return { recorded: true, ...state({ status, totalCents: invoice.totalCents, paidCents }) };
  });
}

/** The invoiced job moves to paid when its status allows it (finished → paid), with a timeline entry naming the invoice. */
async function moveJobToPaid(
  tx: Executor,
  companyId: number,
  jobId: number,
  invoiceId: number,
  userId: number | null | undefined,
) {
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
    .for("update");
  if (!job || !JOB_STATUS_MOVES[job.status as JobStatusValue]?.includes(JobStatus.Paid)) return;
  await tx
    .update(jobs)
    .set({ status: JobStatus.Paid, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  await tx.insert(jobTimelineEvents).values({
    companyId,
    jobId,
    type: TimelineEvent.Paid,
    actorType: ActorType.Employee,
    actorUserId: userId ?? null,
    fromStatus: job.status,
    toStatus: JobStatus.Paid,
    data: { invoiceId },
  });
}
