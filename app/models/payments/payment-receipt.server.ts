import { and, eq } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { companies, customers, invoicePayments, invoices, scheduledMessages } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { delivered, skipped } from "~/models/invoices/invoice-message.server";
import { nudgeDispatcher } from "~/models/messaging/automatic.server";
import { emailHtml } from "~/models/messaging/email-html";
import type { FollowUpRow, FollowUpState } from "~/models/messaging/follow-ups.server";
import {
  DeliveryUnavailableError,
  NotificationChannel,
  sendCustomerMessage,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";
import { formatMoney } from "~/utils/format";

export type ReceiptOutcome = { delivered: boolean; reason: string };

/** The scheduled_messages kind of a payment receipt (the dispatcher sends it with receiptSender). */
export const PAYMENT_RECEIPT_KIND = "payment_receipt";

/** The outbox dedupe key of a payment's receipt (`:email` is added): one receipt per payment, whatever the address. */
const receiptDedupeKey = (paymentIntentId: string) => `receipt:stripe:${paymentIntentId}`;

/**
 * The scheduled message's key: the payment's, and the address the office typed (scheduled_messages
 * keeps no other data). Two rows for one payment (typed and not) still send one receipt: both send
 * under the payment's outbox key.
 */
const receiptRowKey = (paymentIntentId: string, email?: string) =>
  email ? `${receiptDedupeKey(paymentIntentId)}:to:${email}` : receiptDedupeKey(paymentIntentId);
const RECEIPT_ROW_KEY = /^receipt:stripe:([A-Za-z0-9_]+)(?::to:(.+))?$/;

/** The dispatcher's send for the payment receipt kind, or null for other kinds. */
export const receiptSender = (kind: string) => (kind === PAYMENT_RECEIPT_KIND ? sendQueuedReceipt : null);

/**
 * Sends the receipt of a scheduled row: the payment as recorded (its amount, its invoice and the
 * invoice's balance now) by email to the customer or the typed address. A provider that cannot
 * take it now throws DeliveryUnavailableError: the dispatcher tries again later, and the outbox key
 * keeps a receipt that went from going twice.
 */
async function sendQueuedReceipt(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  const key = RECEIPT_ROW_KEY.exec(row.idempotencyKey);
  if (!key) return { status: "cancelled", error: "Not a payment receipt" };
  const [paymentIntentId, email] = [key[1], key[2]];
  const [found] = await db
    .select({
      amountCents: invoicePayments.amountCents,
      number: invoices.number,
      token: invoices.publicToken,
      jobId: invoices.jobId,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      customerId: invoices.customerId,
      firstName: customers.firstName,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(
      and(eq(invoicePayments.stripePaymentIntentId, paymentIntentId), eq(invoicePayments.companyId, row.companyId)),
    );
  if (!found) return { status: "cancelled", error: "The payment was not found" };
  const balanceCents = Math.max(0, found.totalCents - found.paidCents);
  const subject = `Payment received for invoice #${found.number}`;
  const text = [
    `Hi ${found.firstName},`,
    `We received your card payment of ${formatMoney(found.amountCents)} for invoice #${found.number}. ${
      balanceCents > 0 ? `The balance left is ${formatMoney(balanceCents)}.` : "The invoice is paid in full."
    }`,
    `Your invoice: ${absoluteUrl(`/invoice-details/${found.token}`)}`,
    `Thank you,\n${found.businessName}`,
  ].join("\n\n");
  const outcome = await sendCustomerMessage(
    {
      companyId: row.companyId,
      customerId: found.customerId,
      jobId: found.jobId,
      channel: NotificationChannel.Email,
      dedupeKey: receiptDedupeKey(paymentIntentId),
      to: email ? { email } : undefined,
      message: {
        subject,
        emailText: text,
        smsText: text,
        emailHtml: emailHtml({
          companyName: found.businessName,
          logoUrl: absoluteLogoUrl(found.logoUrl),
          subject,
          text,
        }),
      },
    },
    ...(services ? [services] : []),
  );
  const sent = delivered(outcome.email);
  return sent
    ? { status: "sent", error: null }
    : { status: "failed", error: skipped(outcome.email) ?? "The mail server refused the receipt" };
}

type ReceiptInput = { companyId: number; paymentIntentId: string; email?: string };

/** The receipt's outbox row, once per payment and address: written with the payment, in its transaction. */
export async function queuePaymentReceipt(exec: Executor, input: ReceiptInput): Promise<string> {
  const idempotencyKey = receiptRowKey(input.paymentIntentId, input.email);
  await exec
    .insert(scheduledMessages)
    .values({
      companyId: input.companyId,
      jobId: null,
      kind: PAYMENT_RECEIPT_KIND,
      channel: NotificationChannel.Email,
      dueAt: new Date(),
      idempotencyKey,
    })
    .onConflictDoNothing({ target: scheduledMessages.idempotencyKey });
  return idempotencyKey;
}

/**
 * The payment receipt of a recorded card payment, by email to the invoice's customer (or to `email`
 * when the office typed one). It is written to scheduled_messages (the messaging area's outbox;
 * one row per payment and address) and tried at once; should the email service not take it now,
 * the row stays due and the dispatcher sends it later. Its outbox key is the payment's own
 * (`receipt:stripe:{payment intent}:email`), so retries, a second request and the dispatcher send
 * it once. A fixed wording: there is no receipt template among the spec's message types. Not sent
 * yet is an outcome, not an error: the money is already taken and recorded.
 */
export async function sendPaymentReceipt(input: ReceiptInput, services?: DeliveryServices): Promise<ReceiptOutcome> {
  const idempotencyKey = await queuePaymentReceipt(db, input);
  const row = { companyId: input.companyId, channel: NotificationChannel.Email, idempotencyKey };
  let done: FollowUpState;
  try {
    done = await sendQueuedReceipt(row, services);
  } catch (error) {
    // The row stays due: the dispatcher tries again (the money is taken: this is no error of the payment's).
    if (!(error instanceof DeliveryUnavailableError)) console.warn(`Receipt ${idempotencyKey} not sent now:`, error);
    nudgeDispatcher();
    return { delivered: false, reason: "The email service could not take the receipt now: it is sent later" };
  }
  // Only a row no dispatcher claimed meanwhile (that one finishes it itself).
  await db
    .update(scheduledMessages)
    .set({ ...done, sentAt: done.status === "sent" ? new Date() : null })
    .where(and(eq(scheduledMessages.idempotencyKey, idempotencyKey), eq(scheduledMessages.status, "pending")));
  return { delivered: done.status === "sent", reason: done.error ?? "" };
}
