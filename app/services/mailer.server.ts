import { desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";
import { env } from "~/env.server";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  companyId?: number | null;
  /** A retried send with the same key is not sent again. */
  dedupeKey?: string;
};

export type SendResult = { id: number | null; status: "stored" | "sent" | "failed" | "duplicate" };

let transport: { url: string; transporter: Transporter } | undefined;
function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * The one way the app sends email. With SMTP_URL it goes out through SMTP; without, it stays in
 * the outbox (readable on /dev/outbox). Either way the send is recorded in outbox_messages.
 * The row is written first so that its dedupe key claims the send before anything leaves.
 */
export async function sendEmail(email: Email, smtpUrl = env().SMTP_URL): Promise<SendResult> {
  const [row] = await db
    .insert(outboxMessages)
    .values({ channel: "email", to: email.to, subject: email.subject, body: email.text, html: email.html ?? null, companyId: email.companyId ?? null, dedupeKey: email.dedupeKey ?? null, status: "stored" })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  if (!row) return { id: null, status: "duplicate" };
  if (!smtpUrl) return { id: row.id, status: "stored" };
  try {
    await smtpTransport(smtpUrl).sendMail({ from: env().MAIL_FROM, to: email.to, subject: email.subject, text: email.text, html: email.html });
    await db.update(outboxMessages).set({ status: "sent" }).where(eq(outboxMessages.id, row.id));
    return { id: row.id, status: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(outboxMessages).set({ status: "failed", error: message.slice(0, 1000) }).where(eq(outboxMessages.id, row.id));
    console.warn(`Email to ${email.to} failed: ${message}`);
    return { id: row.id, status: "failed" };
  }
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
