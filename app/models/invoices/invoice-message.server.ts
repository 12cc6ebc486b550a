import { messageValuesForInvoice } from "~/models/messaging/invoice-values.server";
import { MessageType } from "~/models/messaging/message-types";
import {
  sendCustomerMessage,
  type ChannelOutcome,
  type CustomerSendOutcome,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { renderCompanyMessage } from "~/models/messaging/templates.server";

/** Text 1 and email 2 as asked; anything else goes both ways (3). */
export const invoiceChannel = (channel: number): 1 | 2 | 3 => (channel === 1 || channel === 2 ? channel : 3);

export const delivered = (o: ChannelOutcome | undefined) =>
  !!o && "status" in o && (o.status === "sent" || o.status === "stored" || o.status === "duplicate");
export const skipped = (o: ChannelOutcome | undefined) => (o && "skipped" in o ? o.message : null);

/**
 * The Send Invoice message (template 3, the company's wording, with the payment link) to the
 * invoice's customer: the Send button and the follow-ups send the same one. Null when the invoice
 * is not the company's; otherwise the outcome, whether a channel delivered it, and why the others
 * did not ("" when none was skipped).
 */
export async function sendInvoiceMessage(
  input: {
    companyId: number;
    invoiceId: number;
    customerId: number;
    jobId: number | null;
    channel: number;
    dedupeKey: string;
  },
  services?: DeliveryServices,
): Promise<{ outcome: CustomerSendOutcome; delivered: boolean; skipReasons: string } | null> {
  const values = await messageValuesForInvoice(input.companyId, input.invoiceId);
  if (!values) return null;
  const message = await renderCompanyMessage(input.companyId, MessageType.SendInvoice, values);
  const outcome = await sendCustomerMessage(
    {
      companyId: input.companyId,
      customerId: input.customerId,
      jobId: input.jobId,
      messageType: MessageType.SendInvoice,
      channel: invoiceChannel(input.channel),
      dedupeKey: input.dedupeKey,
      message,
    },
    ...(services ? [services] : []),
  );
  return {
    outcome,
    delivered: delivered(outcome.email) || delivered(outcome.sms),
    skipReasons: [skipped(outcome.email), skipped(outcome.sms)].filter(Boolean).join("; "),
  };
}
