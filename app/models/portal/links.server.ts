import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customerPortalSettings, customers, outboxMessages, portalSignInLinks } from "~/db/schema";
import { hashSecret } from "~/models/accounts/passwords.server";
import { absoluteUrl } from "~/http/app-url.server";
import { emailHtml } from "~/models/messaging/email-html";
import { MESSAGING_NOT_SET_UP } from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";
import {
  MESSAGE_LINK_HOURS,
  mintSignInLink,
  REQUESTED_LINK_MINUTES,
  signInLinkPath,
  type PortalChannel,
} from "~/models/portal/sessions.server";
import { REMOVED_AFTER_SENDING, sendEmail, type SendResult } from "~/services/mailer.server";
import { sendText, twilioSettings, type TwilioSettings } from "~/services/texts.server";
import { env } from "~/server/env.server";
import { normalizePhone } from "~/utils/validation";

/** Where the sends go; tests pass their local SMTP and Twilio servers. */
export type PortalDeliveryServices = { smtpUrl?: string; twilio: TwilioSettings | null };
const configuredServices = (): PortalDeliveryServices => ({ smtpUrl: env().SMTP_URL, twilio: twilioSettings() });

/** What a customer types on the sign-in page: an email address, or a US/Canadian phone number. */
export function contactOf(raw: string, country: "US" | "CA"): { channel: PortalChannel; value: string } | null {
  const typed = raw.trim();
  if (!typed || typed.length > 254) return null;
  if (typed.includes("@")) return { channel: "email", value: typed.toLowerCase() };
  const phone = normalizePhone(typed, country);
  return phone ? { channel: "text", value: phone } : null;
}

type Recipient = {
  customerId: number;
  firstName: string;
  email: string | null;
  phone: string | null;
  textsAllowed: boolean;
  businessName: string;
  logoUrl: string | null;
  companyEmail: string | null;
  messagingReady: boolean;
  messagingPhoneNumber: string | null;
};

const recipientColumns = {
  customerId: customers.id,
  firstName: customers.firstName,
  email: customers.email,
  phone: customers.mainPhoneNumber,
  textsAllowed: customers.areTextMessagesAllowed,
  businessName: companies.businessName,
  logoUrl: companies.logoUrl,
  companyEmail: companies.email,
  messagingReady: companies.messagingReady,
  messagingPhoneNumber: companies.messagingPhoneNumber,
};

/** A live customer of a company whose portal is on, by id or by the email or phone they typed (the list's indexes). */
async function findRecipient(
  companyId: number,
  match: { customerId: number } | { channel: PortalChannel; value: string },
): Promise<Recipient | null> {
  const which =
    "customerId" in match
      ? eq(customers.id, match.customerId)
      : match.channel === "email"
        ? eq(sql`lower(${customers.email})`, match.value)
        : eq(customers.mainPhoneNumber, match.value);
  const [row] = await db
    .select(recipientColumns)
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .innerJoin(customerPortalSettings, eq(customerPortalSettings.companyId, customers.companyId))
    .where(
      and(
        eq(customers.companyId, companyId),
        isNull(customers.deletedAt),
        eq(customerPortalSettings.isEnabled, true),
        which,
      ),
    )
    .orderBy(customers.id)
    .limit(1);
  return row ?? null;
}

/** The link's message in our own wording, in the company's name. */
function linkMessage(r: Recipient, url: string, validFor: string) {
  const subject = `Your ${r.businessName} customer portal`;
  const emailText = [
    `Hi ${r.firstName.trim()},`,
    `Open your ${r.businessName} customer portal to see your visits, estimates and invoices: ${url}`,
    `The link works once, for ${validFor}. If you did not ask for it, you can ignore this message.`,
  ].join("\n\n");
  const smsText = `${r.businessName}: your customer portal link (works once, for ${validFor}): ${url}`;
  return {
    subject,
    emailText,
    smsText,
    emailHtml: emailHtml({
      companyName: r.businessName,
      logoUrl: absoluteLogoUrl(r.logoUrl),
      subject,
      text: emailText,
    }),
  };
}

/**
 * Sends a sign-in link on one channel. The token never stays readable where messages are kept
 * (outbox_messages) once the message went out: the email's secret is left out of the stored copy,
 * the text's stored body loses it after Twilio took it. The dedupe key claims the send first, so a
 * retry with the same key sends nothing (and its unsent link is removed).
 */
async function deliver(
  r: Recipient,
  input: {
    companyId: number;
    channel: PortalChannel;
    to: string;
    lifetimeMs: number;
    validFor: string;
    dedupeKey: string;
  },
  services: PortalDeliveryServices,
): Promise<SendResult> {
  const token = await mintSignInLink({
    companyId: input.companyId,
    customerId: r.customerId,
    channel: input.channel,
    lifetimeMs: input.lifetimeMs,
  });
  const message = linkMessage(r, absoluteUrl(signInLinkPath(token)), input.validFor);
  const about = {
    companyId: input.companyId,
    customerId: r.customerId,
    dedupeKey: `${input.dedupeKey}:${input.channel}`,
  };
  const result =
    input.channel === "email"
      ? await sendEmail(
          {
            ...about,
            to: input.to,
            subject: message.subject,
            text: message.emailText,
            html: message.emailHtml,
            fromName: r.businessName,
            replyTo: r.companyEmail,
            secrets: [token],
          },
          services.smtpUrl,
        )
      : await sendText(
          {
            ...about,
            to: input.to,
            body: message.smsText,
            from: r.messagingPhoneNumber,
            heldBecause: r.messagingReady ? null : MESSAGING_NOT_SET_UP,
          },
          services.twilio,
        );
  if (result.status === "duplicate")
    await db.delete(portalSignInLinks).where(eq(portalSignInLinks.tokenHash, hashSecret(token)));
  if (input.channel === "text" && result.id !== null && services.twilio && r.messagingReady)
    await db
      .update(outboxMessages)
      .set({ body: sql`replace(${outboxMessages.body}, ${token}, ${REMOVED_AFTER_SENDING})` })
      .where(eq(outboxMessages.id, result.id));
  return result;
}

/** The minute a send was asked in: a double submit within it is one send. */
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

/**
 * The sign-in page's request: when the typed email or phone is a live customer's of a company with
 * the portal on, a link valid REQUESTED_LINK_MINUTES goes to that address. Nothing tells the caller
 * whether it matched (the page answers the same either way).
 */
export async function requestSignInLink(
  input: { companyId: number; contact: { channel: PortalChannel; value: string }; now?: Date },
  services: PortalDeliveryServices = configuredServices(),
): Promise<void> {
  const r = await findRecipient(input.companyId, input.contact);
  if (!r) return;
  if (input.contact.channel === "text" && !r.textsAllowed) return;
  await deliver(
    r,
    {
      companyId: input.companyId,
      channel: input.contact.channel,
      to: input.contact.channel === "email" ? (r.email ?? input.contact.value) : input.contact.value,
      lifetimeMs: REQUESTED_LINK_MINUTES * 60_000,
      validFor: `${REQUESTED_LINK_MINUTES} minutes`,
      dedupeKey: `portal-sign-in:${r.customerId}:${minuteOf(input.now ?? new Date())}`,
    },
    services,
  );
}

export type StaffLinkResult = { sent: true; message: string } | { sent: false; error: string };

export const portalLinkMessages = {
  sent: "The portal link was sent",
  portalOff: "Turn the customer portal on first",
  notFound: "The customer was not found",
  noEmail: "The customer has no email address",
  noPhone: "The customer has no phone number",
  textsNotAllowed: "The customer does not accept text messages",
  failed: "The portal link could not be sent",
} as const;

/** Staff send a customer their portal link (valid MESSAGE_LINK_HOURS) by email or text. */
export async function sendPortalLinkToCustomer(
  ctx: { companyId: number; userId: number },
  input: { customerId: number; channel: PortalChannel; now?: Date },
  services: PortalDeliveryServices = configuredServices(),
): Promise<StaffLinkResult> {
  const r = await findRecipient(ctx.companyId, { customerId: input.customerId });
  if (!r) {
    const [known] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(eq(customers.id, input.customerId), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)),
      )
      .limit(1);
    return { sent: false, error: known ? portalLinkMessages.portalOff : portalLinkMessages.notFound };
  }
  const to = input.channel === "email" ? r.email : r.phone;
  if (!to)
    return { sent: false, error: input.channel === "email" ? portalLinkMessages.noEmail : portalLinkMessages.noPhone };
  if (input.channel === "text" && !r.textsAllowed) return { sent: false, error: portalLinkMessages.textsNotAllowed };
  const result = await deliver(
    r,
    {
      companyId: ctx.companyId,
      channel: input.channel,
      to,
      lifetimeMs: MESSAGE_LINK_HOURS * 3_600_000,
      validFor: `${MESSAGE_LINK_HOURS} hours`,
      dedupeKey: `portal-link:${r.customerId}:${ctx.userId}:${minuteOf(input.now ?? new Date())}`,
    },
    services,
  );
  return result.status === "failed"
    ? { sent: false, error: portalLinkMessages.failed }
    : { sent: true, message: portalLinkMessages.sent };
}

/**
 * {{customer_portal_link}} of a message to a customer: a fresh single-use sign-in link, valid
 * MESSAGE_LINK_HOURS (a message may be read days later); undefined when the portal is off.
 */
export async function customerPortalLink(companyId: number, customerId: number): Promise<string | undefined> {
  const [on] = await db
    .select({ isEnabled: customerPortalSettings.isEnabled })
    .from(customerPortalSettings)
    .where(and(eq(customerPortalSettings.companyId, companyId), eq(customerPortalSettings.isEnabled, true)))
    .limit(1);
  if (!on) return undefined;
  const token = await mintSignInLink({
    companyId,
    customerId,
    channel: "email",
    lifetimeMs: MESSAGE_LINK_HOURS * 3_600_000,
  });
  return absoluteUrl(signInLinkPath(token));
}
