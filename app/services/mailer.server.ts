import { and, desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";
import { env } from "~/server/env.server";

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
};

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
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "email",
      to: email.to,
      ...stored,
      companyId: email.companyId ?? null,
      dedupeKey: email.dedupeKey ?? null,
      status: "stored",
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  if (!row) return { id: null, status: "duplicate" };
  if (!smtpUrl) return { id: row.id, status: "stored" };
  try {
    await smtpTransport(smtpUrl).sendMail({
      from: env().MAIL_FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    await db.update(outboxMessages).set({ status: "sent" }).where(eq(outboxMessages.id, row.id));
    return { id: row.id, status: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(outboxMessages)
      .set({ status: "failed", error: message.slice(0, 1000) })
      .where(eq(outboxMessages.id, row.id));
    console.warn(`Email to ${email.to} failed: ${message}`);
    return { id: row.id, status: "failed" };
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
