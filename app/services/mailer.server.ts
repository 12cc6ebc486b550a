import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";
import { env } from "~/server/env.server";
import { absoluteUrl } from "~/http/app-url.server";
import { screens } from "~/access/route-table";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  companyId?: number | null;
  /** A retried send with the same key is not sent again. */
  dedupeKey?: string;
  /**
   * Reset links, sign-in codes: the exact strings of the message that must not stay readable in
   * outbox_messages once it is delivered (see docs/decisions/038-security-safe-defaults.md).
   */
  secrets?: string[];
  /** A company's message to its customer: the business name as the sender's name (the address stays MAIL_FROM's). */
  fromName?: string | null;
  /** Where the customer's reply goes: the company's email. */
  replyTo?: string | null;
  customerId?: number | null;
  jobId?: number | null;
  messageType?: number | null;
  /** Adds the open-tracking image (sent → opened, app/models/messaging/delivery.server.ts). */
  trackOpens?: boolean;
  /**
   * When the SMTP server could not take the message at all (no connection, a temporary 4xx answer),
   * the claim is released and DeliveryUnavailableError thrown, so the caller's queue retries with the
   * same key. Otherwise (the default) such a send is recorded as failed.
   */
  retryWhenUnavailable?: boolean;
};

/**
 * The provider could not take the message (unreachable, busy): nothing left, the claim of its dedupe
 * key was released, and a retry with the same key sends it.
 */
export class DeliveryUnavailableError extends Error {
  constructor(
    readonly channel: "email" | "sms",
    reason: string,
  ) {
    super(`The ${channel === "email" ? "email" : "text message"} could not be handed over: ${reason}`);
    this.name = "DeliveryUnavailableError";
  }
}

/**
 * A send that did not go out. Unavailable (the provider never took it, and the caller retries): the
 * row goes, releasing its dedupe key, and DeliveryUnavailableError is thrown. Otherwise the row is
 * marked failed with the reason, and `what` ("Email to …") is logged.
 */
export async function recordFailedSend(
  rowId: number,
  {
    channel,
    reason,
    unavailable,
    what,
  }: { channel: "email" | "sms"; reason: string; unavailable: boolean; what: string },
): Promise<SendResult> {
  if (unavailable) {
    await db.delete(outboxMessages).where(eq(outboxMessages.id, rowId));
    throw new DeliveryUnavailableError(channel, reason);
  }
  await db
    .update(outboxMessages)
    .set({ status: "failed", error: reason.slice(0, 1000), failedAt: new Date() })
    .where(eq(outboxMessages.id, rowId));
  console.warn(`${what} failed: ${reason}`);
  return { id: rowId, status: "failed" };
}

/** Nodemailer's error of a message the server never took: no connection, or a temporary (4xx) refusal. */
function smtpNeverTookIt(error: unknown): boolean {
  const e = error as { command?: unknown; responseCode?: unknown };
  const code = typeof e?.responseCode === "number" ? e.responseCode : 0;
  return e?.command === "CONN" || (code >= 400 && code < 500);
}

/** What replaces a secret in the stored copy of a message that went out (or could not). */
export const REMOVED_AFTER_SENDING = "[removed after sending]";
/** What replaces a secret in the development outbox once its link or code has been used. */
export const REMOVED_AFTER_USE = "[removed after use]";

function withoutSecrets<T extends string | null | undefined>(
  text: T,
  secrets: readonly string[],
  placeholder: string,
): T {
  if (!text) return text;
  let out: string = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join(placeholder);
  return out as T;
}

/**
 * Whether the outbox is where messages are read (development without SMTP: /dev/outbox). Anywhere
 * else its rows are records of sends, kept without their secrets.
 */
function outboxDelivers(smtpUrl = env().SMTP_URL): boolean {
  return !smtpUrl && env().NODE_ENV !== "production";
}

export type SendResult = { id: number | null; status: "stored" | "sent" | "failed" | "duplicate" };

/** The address of MAIL_FROM ("Fieldwise <no-reply@example.com>" or a bare address). */
export function mailFromAddress(mailFrom = env().MAIL_FROM): string {
  return (/<([^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/** A name fit for a From header: one line, no angle brackets or quotes to confuse a mail reader. */
const senderName = (name: string) =>
  name
    .replace(/[\r\n\t<>"]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);

/** The 1×1 open-tracking image at the end of an HTML email, before </body> when there is one. */
export function withTrackingImage(html: string, token: string): string {
  const src = absoluteUrl(screens.emailOpened.pattern.replace(":token", token));
  const image = `<img src="${src}" width="1" height="1" alt="" style="border:0;width:1px;height:1px">`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${image}</body>`) : `${html}${image}`;
}

let transport: { url: string; transporter: Transporter } | undefined;
function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * The one way the app sends email. With SMTP_URL it goes out through SMTP; without, it stays in
 * the outbox (readable on /dev/outbox in development). Either way the send is recorded in
 * outbox_messages, with its `secrets` replaced unless the outbox is how it is read.
 * The row is written first so that its dedupe key claims the send before anything leaves.
 */
export async function sendEmail(email: Email, smtpUrl = env().SMTP_URL): Promise<SendResult> {
  const secrets = outboxDelivers(smtpUrl) ? [] : (email.secrets ?? []);
  const stored = {
    subject: withoutSecrets(email.subject, secrets, REMOVED_AFTER_SENDING),
    body: withoutSecrets(email.text, secrets, REMOVED_AFTER_SENDING),
    html: withoutSecrets(email.html ?? null, secrets, REMOVED_AFTER_SENDING),
  };
  // Only an email that goes out carries the image: the outbox is read on /dev/outbox, where nothing opens.
  const trackingToken = smtpUrl && email.trackOpens && email.html ? randomBytes(24).toString("base64url") : null;
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "email",
      to: email.to,
      ...stored,
      companyId: email.companyId ?? null,
      customerId: email.customerId ?? null,
      jobId: email.jobId ?? null,
      messageType: email.messageType ?? null,
      dedupeKey: email.dedupeKey ?? null,
      trackingToken,
      status: "stored",
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  if (!row) return { id: null, status: "duplicate" };
  if (!smtpUrl) return { id: row.id, status: "stored" };
  try {
    const name = email.fromName ? senderName(email.fromName) : "";
    const info = await smtpTransport(smtpUrl).sendMail({
      from: name ? { name, address: mailFromAddress() } : env().MAIL_FROM,
      replyTo: email.replyTo || undefined,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html && trackingToken ? withTrackingImage(email.html, trackingToken) : email.html,
    });
    await db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date(), providerId: info.messageId || null })
      .where(eq(outboxMessages.id, row.id));
    return { id: row.id, status: "sent" };
  } catch (error) {
    return recordFailedSend(row.id, {
      channel: "email",
      reason: error instanceof Error ? error.message : String(error),
      unavailable: Boolean(email.retryWhenUnavailable) && smtpNeverTookIt(error),
      what: `Email to ${email.to}`,
    });
  }
}

/**
 * Once a link or code is used, the development outbox stops showing it: the stored message of that
 * dedupe key gets the placeholder instead. (Elsewhere it was never stored.)
 */
export async function removeUsedSecret(dedupeKey: string, secret: string): Promise<void> {
  const placeholder = REMOVED_AFTER_USE;
  await db
    .update(outboxMessages)
    .set({
      subject: sql`replace(${outboxMessages.subject}, ${secret}, ${placeholder})`,
      body: sql`replace(${outboxMessages.body}, ${secret}, ${placeholder})`,
      html: sql`replace(${outboxMessages.html}, ${secret}, ${placeholder})`,
    })
    .where(and(eq(outboxMessages.dedupeKey, dedupeKey), eq(outboxMessages.channel, "email")));
}

export const OUTBOX_PAGE_SIZE = 50;

/** Emails and texts, newest first, for the development outbox page. */
export async function listOutbox(page: number) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        to: outboxMessages.to,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        status: outboxMessages.status,
        error: outboxMessages.error,
        providerId: outboxMessages.providerId,
        sentAt: outboxMessages.sentAt,
        deliveredAt: outboxMessages.deliveredAt,
        openedAt: outboxMessages.openedAt,
        failedAt: outboxMessages.failedAt,
        createdAt: outboxMessages.createdAt,
      })
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(outboxMessages),
  ]);
  return { items, total };
}
