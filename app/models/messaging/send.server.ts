import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers } from "~/db/schema";
import { sendEmail, type SendResult } from "~/services/mailer.server";
import { sendText, twilioSettings, type TwilioSettings } from "~/services/texts.server";
import { env } from "~/server/env.server";

export { DeliveryUnavailableError, type SendResult } from "~/services/mailer.server";

/** Notification channels of the spec: text 1, email 2, both 3. */
export const NotificationChannel = { Text: 1, Email: 2, Both: 3 } as const;
export type NotificationChannelValue = (typeof NotificationChannel)[keyof typeof NotificationChannel];

/** Why a channel was not used for this customer (nothing was written or sent on it). */
export type SkipReason = "texts_not_allowed" | "no_phone" | "no_email" | "customer_not_found";

export type ChannelOutcome = SendResult | { skipped: SkipReason; message: string };

export type CustomerSendOutcome = {
  /** Present when the channel asked for texts (1 or 3). */
  sms?: ChannelOutcome;
  /** Present when the channel asked for email (2 or 3). */
  email?: ChannelOutcome;
};

export type CustomerMessage = {
  smsText: string;
  subject: string;
  emailText: string;
  emailHtml: string;
};

export type SendCustomerMessageInput = {
  companyId: number;
  customerId: number;
  jobId?: number | null;
  messageType?: number | null;
  channel: 1 | 2 | 3;
  /** The stem of the outbox dedupe keys: `${dedupeKey}:email` and `${dedupeKey}:sms`. */
  dedupeKey: string;
  message: CustomerMessage;
  /** Addresses typed on a send form, used instead of the customer's (the estimate send). */
  to?: { email?: string; phone?: string };
};

/** Where the sends go; tests pass their local SMTP and Twilio servers. */
export type DeliveryServices = { smtpUrl?: string; twilio: TwilioSettings | null };
const configuredServices = (): DeliveryServices => ({ smtpUrl: env().SMTP_URL, twilio: twilioSettings() });

/** The banner's promise (spec: "Until then messages won't be sent"): the reason kept on a held text. */
export const MESSAGING_NOT_SET_UP = "Messaging is not set up for this company yet: the text was kept and not sent";

const skip = (skipped: SkipReason): ChannelOutcome => ({
  skipped,
  message: {
    texts_not_allowed: "The customer does not accept text messages",
    no_phone: "The customer has no phone number",
    no_email: "The customer has no email address",
    customer_not_found: "The customer was not found",
  }[skipped],
});

/** Whether an outcome is a send result (as opposed to a skipped channel). */
export const wasAttempted = (outcome: ChannelOutcome | undefined): outcome is SendResult =>
  !!outcome && "status" in outcome;

/**
 * Sends a company's message to one of its customers on the chosen channels (text 1, email 2, both 3).
 * Each channel has its own dedupe key, so a retry sends neither twice. The email goes from the
 * company's business name (address MAIL_FROM) with the company's email as Reply-To and an open-tracking
 * image; the text from the company's messaging number, and only when the company's messaging is set up
 * (otherwise it is kept unsent with the reason). A customer-side reason (no email, no phone, texts
 * refused, customer gone) is an outcome, never an error. A database failure throws, and so does
 * DeliveryUnavailableError when SMTP or Twilio could not take the message at all (its claim released):
 * the caller's queue retries, and the dedupe keys keep what already went from going again. A refusal
 * by the provider (a bad address, a blocked number) is a "failed" result with its reason.
 */
export async function sendCustomerMessage(
  input: SendCustomerMessageInput,
  services: DeliveryServices = configuredServices(),
): Promise<CustomerSendOutcome> {
  const wantsText = input.channel === 1 || input.channel === 3;
  const wantsEmail = input.channel === 2 || input.channel === 3;
  const [row] = await db
    .select({
      email: customers.email,
      phone: customers.mainPhoneNumber,
      textsAllowed: customers.areTextMessagesAllowed,
      businessName: companies.businessName,
      companyEmail: companies.email,
      messagingReady: companies.messagingReady,
      messagingPhoneNumber: companies.messagingPhoneNumber,
    })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .where(
      and(eq(customers.id, input.customerId), eq(customers.companyId, input.companyId), isNull(customers.deletedAt)),
    )
    .limit(1);
  const outcome: CustomerSendOutcome = {};
  if (row && input.to) Object.assign(row, { email: input.to.email ?? row.email, phone: input.to.phone ?? row.phone });
  if (!row) {
    if (wantsText) outcome.sms = skip("customer_not_found");
    if (wantsEmail) outcome.email = skip("customer_not_found");
    return outcome;
  }
  const about = {
    companyId: input.companyId,
    customerId: input.customerId,
    jobId: input.jobId ?? null,
    messageType: input.messageType ?? null,
  };
  if (wantsEmail) {
    outcome.email = row.email
      ? await sendEmail(
          {
            ...about,
            to: row.email,
            subject: input.message.subject,
            text: input.message.emailText,
            html: input.message.emailHtml,
            fromName: row.businessName,
            replyTo: row.companyEmail,
            dedupeKey: `${input.dedupeKey}:email`,
            trackOpens: true,
            retryWhenUnavailable: true,
          },
          services.smtpUrl,
        )
      : skip("no_email");
  }
  if (wantsText) {
    outcome.sms = !row.textsAllowed
      ? skip("texts_not_allowed")
      : !row.phone
        ? skip("no_phone")
        : await sendText(
            {
              ...about,
              to: row.phone,
              body: input.message.smsText,
              from: row.messagingPhoneNumber,
              dedupeKey: `${input.dedupeKey}:sms`,
              heldBecause: row.messagingReady ? null : MESSAGING_NOT_SET_UP,
              retryWhenUnavailable: true,
            },
            services.twilio,
          );
  }
  return outcome;
}
