import { messageValuesForEstimate } from "~/models/messaging/estimate-values.server";
import { MessageType } from "~/models/messaging/message-types";
import type { CustomerSendOutcome, DeliveryServices } from "~/models/messaging/send.server";
import { sendTemplateToCustomer } from "~/models/invoices/invoice-message.server";

/**
 * The Send Estimate message (template 4, the company's wording, with the approval link) to the
 * estimate's customer: the Send and Resend buttons and the follow-ups send the same one. `to`
 * overrides the customer's email or phone (the send form's fields). Null when the estimate is not
 * the company's; otherwise the outcome, whether a channel delivered it, and why the others did not.
 */
export async function sendEstimateMessage(
  input: {
    companyId: number;
    estimateId: number;
    customerId: number;
    channel: number;
    dedupeKey: string;
    to?: { email?: string; phone?: string };
  },
  services?: DeliveryServices,
): Promise<{ outcome: CustomerSendOutcome; delivered: boolean; skipReasons: string } | null> {
  const values = await messageValuesForEstimate(input.companyId, input.estimateId);
  if (!values) return null;
  return sendTemplateToCustomer(
    {
      companyId: input.companyId,
      customerId: input.customerId,
      messageType: MessageType.SendEstimate,
      channel: input.channel,
      dedupeKey: input.dedupeKey,
      ...(input.to ? { to: input.to } : {}),
    },
    values,
    services,
  );
}
