import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, invoices } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { delivered, skipped } from "~/models/invoices/invoice-message.server";
import { emailHtml } from "~/models/messaging/email-html";
import {
  DeliveryUnavailableError,
  NotificationChannel,
  sendCustomerMessage,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";
import { formatMoney } from "~/utils/format";

export type ReceiptOutcome = { delivered: boolean; reason: string };

/**
 * The payment receipt of a card charge, by email to the invoice's customer (or to `email` when the
 * office typed one), through the messaging area's outbox. Its dedupe key is the payment's own
 * (`receipt:stripe:{payment intent}`), so a retried call or a second request sends it once. A fixed
 * wording: there is no receipt template among the spec's message types. A provider that cannot take
 * the message now is an outcome, not an error: the money is already taken and recorded.
 */
export async function sendPaymentReceipt(
  input: {
    companyId: number;
    invoiceId: number;
    jobId: number | null;
    paymentIntentId: string;
    amountCents: number;
    balanceCents: number;
    email?: string;
  },
  services?: DeliveryServices,
): Promise<ReceiptOutcome> {
  const [row] = await db
    .select({
      number: invoices.number,
      token: invoices.publicToken,
      customerId: invoices.customerId,
      firstName: customers.firstName,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.companyId, input.companyId)));
  if (!row) return { delivered: false, reason: "The invoice was not found" };
  const subject = `Payment received for invoice #${row.number}`;
  const text = [
    `Hi ${row.firstName},`,
    `We received your card payment of ${formatMoney(input.amountCents)} for invoice #${row.number}. ${
      input.balanceCents > 0
        ? `The balance left is ${formatMoney(input.balanceCents)}.`
        : "The invoice is paid in full."
    }`,
    `Your invoice: ${absoluteUrl(`/invoice-details/${row.token}`)}`,
    `Thank you,\n${row.businessName}`,
  ].join("\n\n");
  try {
    const outcome = await sendCustomerMessage(
      {
        companyId: input.companyId,
        customerId: row.customerId,
        jobId: input.jobId,
        channel: NotificationChannel.Email,
        dedupeKey: `receipt:stripe:${input.paymentIntentId}`,
        to: input.email ? { email: input.email } : undefined,
        message: {
          subject,
          emailText: text,
          smsText: text,
          emailHtml: emailHtml({ companyName: row.businessName, logoUrl: absoluteLogoUrl(row.logoUrl), subject, text }),
        },
      },
      ...(services ? [services] : []),
    );
    const sent = delivered(outcome.email);
    return { delivered: sent, reason: skipped(outcome.email) ?? (sent ? "" : "The mail server refused the receipt") };
  } catch (error) {
    if (!(error instanceof DeliveryUnavailableError)) throw error;
    return { delivered: false, reason: "The email service could not take the receipt now" };
  }
}
