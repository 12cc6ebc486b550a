import { messageValuesForInvoice } from "~/models/messaging/invoice-values.server";
import { MessageType } from "~/models/messaging/message-types";
import {
  sendCustomerMessage,
  type ChannelOutcome,
  type CustomerSendOutcome,
  type DeliveryServices,
  type SendCustomerMessageInput,
} from "~/models/messaging/send.server";
import { renderCompanyMessage, type MessageValues } from "~/models/messaging/templates.server";

/** Text 1 and email 2 as asked; anything else goes both ways (3). */
export const invoiceChannel = (channel: number): 1 | 2 | 3 => (channel === 1 || channel === 2 ? channel : 3);

export const delivered = (o: ChannelOutcome | undefined) =>
  !!o && "status" in o && (o.status === "sent" || o.status === "stored" || o.status === "duplicate");
export const skipped = (o: ChannelOutcome | undefined) => (o && "skipped" in o ? o.message : null);

/**
 * A company template rendered with a record's values and sent to its customer on the asked channel,
 * summed up as whether a channel delivered it and why the others did not ("" when none was
 * skipped); shared by the Send Invoice and Send Estimate messages.
 */
export async function sendTemplateToCustomer(
  input: Omit<SendCustomerMessageInput, "message" | "channel"> & { messageType: number; channel: number },
  values: MessageValues,
  services?: DeliveryServices,
): Promise<{ outcome: CustomerSendOutcome; delivered: boolean; skipReasons: string }> {
  const message = await renderCompanyMessage(input.companyId, input.messageType, values);
  const outcome = await sendCustomerMessage(
    { ...input, channel: invoiceChannel(input.channel), message },
    ...(services ? [services] : []),
  );
  return {
    outcome,
    delivered: delivered(outcome.email) || delivered(outcome.sms),
    skipReasons: [skipped(outcome.email), skipped(outcome.sms)].filter(Boolean).join("; "),
  };
}

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
  return sendTemplateToCustomer(
    {
      companyId: input.companyId,
      customerId: input.customerId,
      jobId: input.jobId,
      messageType: MessageType.SendInvoice,
      channel: input.channel,
      dedupeKey: input.dedupeKey,
    },
    values,
    services,
  );
}
