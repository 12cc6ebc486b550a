import { delivered, skipped } from "~/models/invoices/invoice-message.server";
import { emailHtml } from "~/models/messaging/email-html";
import {
  DeliveryUnavailableError,
  sendCustomerMessage,
  type CustomerSendOutcome,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";

/** The office's answer to a link send: sent, with what to show, or why it was not. */
export type LinkSendResult = { sent: true; message: string } | { sent: false; error: string };

/**
 * Sends a customer a link in our own wording (not a company template) by text, email or both,
 * the email in the company's layout (name and logo). A message service that cannot take it now,
 * or every asked channel skipped for the customer, is a not-sent answer with the reason; once a
 * channel delivered it, the answer is `sentMessage` with the skipped channel's reason, if any.
 */
export async function sendLinkToCustomer(
  input: {
    companyId: number;
    customerId: number;
    channel: 1 | 2 | 3;
    /** The outbox dedupe key stem, so a double submit sends once. */
    dedupeKey: string;
    company: { businessName: string; logoUrl: string | null };
    subject: string;
    smsText: string;
    emailText: string;
    sentMessage: string;
  },
  services?: DeliveryServices,
): Promise<LinkSendResult> {
  const { company, subject, emailText } = input;
  let outcome: CustomerSendOutcome;
  try {
    outcome = await sendCustomerMessage(
      {
        companyId: input.companyId,
        customerId: input.customerId,
        channel: input.channel,
        dedupeKey: input.dedupeKey,
        message: {
          subject,
          smsText: input.smsText,
          emailText,
          emailHtml: emailHtml({
            companyName: company.businessName,
            logoUrl: absoluteLogoUrl(company.logoUrl),
            subject,
            text: emailText,
          }),
        },
      },
      ...(services ? [services] : []),
    );
  } catch (error) {
    if (!(error instanceof DeliveryUnavailableError)) throw error;
    return { sent: false, error: "The message service could not take the link now: try again in a minute" };
  }
  const reasons = [skipped(outcome.email), skipped(outcome.sms)].filter(Boolean).join("; ");
  if (!delivered(outcome.email) && !delivered(outcome.sms))
    return { sent: false, error: reasons || "The link could not be sent" };
  return { sent: true, message: reasons ? `${input.sentMessage} (${reasons})` : input.sentMessage };
}
