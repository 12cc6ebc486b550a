import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { companies, customers, customerServicePlans, invoices, scheduledMessages } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { sendEmail } from "~/services/mailer.server";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { scheduleInvoiceFollowUp } from "~/models/invoices/invoice-follow-ups.server";
import { sendInvoiceMessage } from "~/models/invoices/invoice-message.server";
import { Channel } from "~/models/messaging/automatic.server";
import type { FollowUpRow, FollowUpState } from "~/models/messaging/follow-ups.server";
import type { DeliveryServices } from "~/models/messaging/send.server";
import { formatMoney } from "~/utils/format";

/**
 * The messages of the service-plan run, written into scheduled_messages in the transaction of their
 * cause (a transactional outbox) and sent by the automatic-messages dispatcher with the row's key as
 * the send's dedupe key, so each goes once: a manual plan's period invoice to the customer (the Send
 * Invoice message), and the company's email about an automatic charge that failed.
 */

export const PLAN_INVOICE_KIND = "plan_invoice";
export const PLAN_CHARGE_FAILED_KIND = "plan_charge_failed";

const planInvoiceKey = (invoiceId: number) => `plan-invoice:${invoiceId}`;
const chargeFailedKey = (invoiceId: number) => `plan-charge-failed:${invoiceId}`;
const invoiceIdOf = (key: string) => Number(/^plan-(?:invoice|charge-failed):(\d+)$/.exec(key)?.[1] ?? NaN);

async function queue(exec: Executor, companyId: number, kind: string, channel: number, key: string, now: Date) {
  const rows = await exec
    .insert(scheduledMessages)
    .values({ companyId, jobId: null, kind, channel, dueAt: now, idempotencyKey: key })
    .onConflictDoNothing({ target: scheduledMessages.idempotencyKey })
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/** A manual plan's period invoice goes to the customer (text and email, as they can be reached). */
export const queuePlanInvoice = (exec: Executor, companyId: number, invoiceId: number, now: Date) =>
  queue(exec, companyId, PLAN_INVOICE_KIND, Channel.Both, planInvoiceKey(invoiceId), now);

/** The company hears once per invoice that its automatic charge failed. */
export const queueChargeFailedEmail = (exec: Executor, companyId: number, invoiceId: number, now: Date) =>
  queue(exec, companyId, PLAN_CHARGE_FAILED_KIND, Channel.Email, chargeFailedKey(invoiceId), now);

type Sender = (row: FollowUpRow, services?: DeliveryServices) => Promise<FollowUpState>;

/** The dispatcher's send for a service-plan message kind, or null for other kinds. */
export function planMessageSender(kind: string): Sender | null {
  if (kind === PLAN_INVOICE_KIND) return sendPlanInvoice;
  if (kind === PLAN_CHARGE_FAILED_KIND) return sendChargeFailedEmail;
  return null;
}

const invoiceOf = async (companyId: number, invoiceId: number) =>
  Number.isSafeInteger(invoiceId)
    ? ((
        await db
          .select({
            id: invoices.id,
            number: invoices.number,
            customerId: invoices.customerId,
            jobId: invoices.jobId,
            planId: invoices.customerServicePlanId,
            status: invoices.status,
            totalCents: invoices.totalCents,
            paidCents: invoices.paidCents,
          })
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
      )[0] ?? null)
    : null;

const unpaid = (invoice: { status: number; totalCents: number; paidCents: number }) =>
  invoice.status !== InvoiceStatus.Paid &&
  invoice.status !== InvoiceStatus.Uncollectible &&
  invoice.paidCents < invoice.totalCents;

/** The Send Invoice message with the payment link; once delivered the invoice is sent and its follow-up planned. */
async function sendPlanInvoice(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  const invoice = await invoiceOf(row.companyId, invoiceIdOf(row.idempotencyKey));
  if (!invoice) return { status: "cancelled", error: "The invoice no longer exists" };
  if (!unpaid(invoice)) return { status: "cancelled", error: "The invoice is no longer unpaid" };
  const sent = await sendInvoiceMessage(
    {
      companyId: row.companyId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      jobId: invoice.jobId,
      channel: row.channel,
      dedupeKey: row.idempotencyKey,
    },
    services,
  );
  if (!sent) return { status: "cancelled", error: "The invoice no longer exists" };
  if (sent.delivered)
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(invoices)
        .set({
          status: sql`case when ${invoices.status} = ${InvoiceStatus.NotSent} then ${InvoiceStatus.Sent} else ${invoices.status} end`,
          sentAt: new Date(),
          sentChannel: row.channel,
          updatedAt: new Date(),
        })
        .where(and(eq(invoices.id, invoice.id), eq(invoices.companyId, row.companyId)))
        .returning({ status: invoices.status });
      if (updated?.status === InvoiceStatus.Sent) await scheduleInvoiceFollowUp(tx, row.companyId, invoice.id);
    });
  return { status: sent.delivered ? "sent" : "failed", error: sent.skipReasons || null };
}

/** The office's email: which customer's plan, which invoice, what the card said, and where to look. */
async function sendChargeFailedEmail(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  const invoice = await invoiceOf(row.companyId, invoiceIdOf(row.idempotencyKey));
  if (!invoice?.planId) return { status: "cancelled", error: "The invoice no longer exists" };
  if (!unpaid(invoice)) return { status: "cancelled", error: "The invoice was paid meanwhile" };
  const [details] = await db
    .select({
      companyEmail: companies.email,
      planName: customerServicePlans.name,
      error: customerServicePlans.lastChargeError,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customerServicePlans)
    .innerJoin(companies, eq(companies.id, customerServicePlans.companyId))
    .innerJoin(customers, eq(customers.id, customerServicePlans.customerId))
    .where(and(eq(customerServicePlans.id, invoice.planId), eq(customerServicePlans.companyId, row.companyId)));
  if (!details) return { status: "cancelled", error: "The service plan no longer exists" };
  if (!details.companyEmail) return { status: "failed", error: "The company has no email address" };
  const customer = [details.firstName, details.lastName].filter(Boolean).join(" ");
  const balance = formatMoney(invoice.totalCents - invoice.paidCents);
  const text = [
    `The automatic payment of ${balance} for invoice #${invoice.number} (${details.planName}, ${customer}) failed.`,
    details.error ? `The card payment service said: ${details.error}` : "",
    "The invoice stays due. Ask the customer for another card, or record the payment by hand:",
    absoluteUrl(`/invoices/${invoice.id}`),
  ]
    .filter(Boolean)
    .join("\n\n");
  const email = {
    to: details.companyEmail,
    subject: `Automatic payment failed: invoice #${invoice.number}`,
    text,
    companyId: row.companyId,
    dedupeKey: row.idempotencyKey,
  };
  const result = services ? await sendEmail(email, services.smtpUrl) : await sendEmail(email);
  return result.status === "failed"
    ? { status: "failed", error: "The email could not be sent" }
    : { status: "sent", error: null };
}
