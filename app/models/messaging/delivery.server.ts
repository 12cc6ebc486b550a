import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, outboxMessages } from "~/db/schema";
import { normalizePhone } from "~/utils/validation";
import { notifyCompany } from "~/services/realtime/index.server";
import { RealtimeEvent } from "~/services/realtime/events";

/** The spec's email message status: unsent 0, sent 1, opened 2, failed 3. */
export const EmailMessageStatus = { Unsent: 0, Sent: 1, Opened: 2, Failed: 3 } as const;
/** The spec's text message delivery: unsent, sent, delivered, failed (numbered in that order from 0). */
export const TextMessageStatus = { Unsent: 0, Sent: 1, Delivered: 2, Failed: 3 } as const;

type StoredStatus = "stored" | "sent" | "delivered" | "opened" | "failed";

/** An outbox row's status as the spec's number for its channel (screens and the API show these). */
export function messageStatusNumber(channel: "email" | "sms", status: StoredStatus): number {
  if (status === "stored") return 0;
  if (status === "failed") return 3;
  if (channel === "email") return status === "opened" ? EmailMessageStatus.Opened : EmailMessageStatus.Sent;
  return status === "sent" ? TextMessageStatus.Sent : TextMessageStatus.Delivered;
}

/** Twilio's MessageStatus values, as our delivery state (unknown ones such as receiving change nothing). */
const TEXT_STATES: Record<string, "sent" | "delivered" | "failed"> = {
  accepted: "sent",
  scheduled: "sent",
  queued: "sent",
  sending: "sent",
  sent: "sent",
  delivered: "delivered",
  read: "delivered",
  failed: "failed",
  undelivered: "failed",
  canceled: "failed",
};

/** The states a text may come from to reach each one: the state never moves backwards. */
const REACHED_FROM = {
  sent: ["stored"],
  delivered: ["stored", "sent"],
  failed: ["stored", "sent"],
} as const;

/** The two-way inbox's messages follow the same callbacks (registered by app/models/text-messaging). */
type TextStatusHandler = (
  status: { messageSid: string; state: "sent" | "delivered" | "failed"; reason: string | null },
  now: Date,
) => Promise<void>;
const textStatusHandlers: TextStatusHandler[] = [];
export function onTextStatus(handler: TextStatusHandler) {
  textStatusHandlers.push(handler);
}

export type TextStatusCallback = {
  messageSid: string;
  messageStatus: string;
  errorCode?: string | null;
  errorMessage?: string | null;
};

/**
 * A Twilio status callback (already verified) applied to the text it names by its SID: queued and
 * sent → sent, delivered → delivered (deliveredAt), failed and undelivered → failed with the error
 * as the reason (failedAt). A late or repeated callback never moves a text backwards: delivered is
 * not undone by a 'sent' that arrives after it. Answers whether a text changed.
 */
export async function applyTextStatus(callback: TextStatusCallback, now = new Date()): Promise<boolean> {
  const state = TEXT_STATES[callback.messageStatus.toLowerCase()];
  if (!state || !callback.messageSid) return false;
  const reason =
    state === "failed"
      ? [
          callback.errorMessage?.trim() || (callback.messageStatus === "canceled" ? "Canceled" : "Not delivered"),
          callback.errorCode ? `(Twilio error ${callback.errorCode})` : "",
        ]
          .filter(Boolean)
          .join(" ")
          .slice(0, 1000)
      : null;
  const changes =
    state === "sent"
      ? { status: state, sentAt: sql`coalesce(${outboxMessages.sentAt}, ${now})` }
      : state === "delivered"
        ? { status: state, deliveredAt: now, sentAt: sql`coalesce(${outboxMessages.sentAt}, ${now})` }
        : { status: state, failedAt: now, error: reason };
  const updated = await db
    .update(outboxMessages)
    .set(changes)
    .where(
      and(
        eq(outboxMessages.channel, "sms"),
        eq(outboxMessages.providerId, callback.messageSid),
        inArray(outboxMessages.status, [...REACHED_FROM[state]]),
      ),
    )
    .returning({ id: outboxMessages.id });
  for (const handler of textStatusHandlers) await handler({ messageSid: callback.messageSid, state, reason }, now);
  return updated.length > 0;
}

/** What a tracking token looks like (24 random bytes, base64url); anything else is not looked up. */
const TRACKING_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The email's open-tracking image was loaded: a sent email becomes opened (openedAt, the first
 * time). A failed email stays failed, an opened one keeps its first time, and an unknown token
 * changes nothing; the caller answers the same image whatever happened.
 */
export async function recordEmailOpen(token: string, now = new Date()): Promise<boolean> {
  if (!TRACKING_TOKEN.test(token)) return false;
  const updated = await db
    .update(outboxMessages)
    .set({ status: "opened", openedAt: now })
    .where(
      and(
        eq(outboxMessages.channel, "email"),
        eq(outboxMessages.trackingToken, token),
        eq(outboxMessages.status, "sent"),
      ),
    )
    .returning({ id: outboxMessages.id });
  return updated.length > 0;
}

/** Twilio's standard opt-out and opt-in keywords (the whole message, any case). */
export const OPT_OUT_KEYWORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
export const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);

export type IncomingText = { from: string; to: string; body: string; messageSid?: string };

export type IncomingTextOutcome =
  | { kind: "opted_out" | "opted_in"; companyId: number; customers: number }
  | { kind: "message"; companyId: number }
  | { kind: "unknown_number" };

/**
 * The seam for the two-way text inbox (app/models/text-messaging/inbox-hooks.server.ts): it
 * registers here to receive the texts that are not opt-out or opt-in keywords, with the company
 * whose number they were sent to.
 */
type IncomingTextHandler = (text: IncomingText & { companyId: number }) => Promise<void>;
const incomingTextHandlers: IncomingTextHandler[] = [];
export function onIncomingText(handler: IncomingTextHandler) {
  incomingTextHandlers.push(handler);
}

/**
 * A text a customer sent to a company's messaging number (already verified). STOP and its friends
 * turn texts off for that company's customers with that phone number; START, UNSTOP and YES turn
 * them back on. Other companies' customers with the same number are not touched, and a text to a
 * number no company has changes nothing.
 */
export async function receiveIncomingText(text: IncomingText): Promise<IncomingTextOutcome> {
  const to = normalizePhone(text.to);
  const from = normalizePhone(text.from);
  if (!to || !from) return { kind: "unknown_number" };
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.messagingPhoneNumber, to))
    .limit(1);
  if (!company) return { kind: "unknown_number" };
  const keyword = text.body.trim().toUpperCase();
  const allowed = OPT_OUT_KEYWORDS.has(keyword) ? false : OPT_IN_KEYWORDS.has(keyword) ? true : null;
  if (allowed === null) {
    for (const handler of incomingTextHandlers) await handler({ ...text, from, to, companyId: company.id });
    return { kind: "message", companyId: company.id };
  }
  const changed = await db
    .update(customers)
    .set({ areTextMessagesAllowed: allowed })
    .where(
      and(
        eq(customers.companyId, company.id),
        isNull(customers.deletedAt),
        or(eq(customers.mainPhoneNumber, from), sql`${from} = any(${customers.secondaryPhoneNumbers})`),
      ),
    )
    .returning({ firstName: customers.firstName, lastName: customers.lastName });
  // The office sees it at once (a toast on every signed-in page of the company).
  for (const customer of changed)
    notifyCompany(
      company.id,
      RealtimeEvent.TextNotification,
      `${[customer.firstName, customer.lastName].filter(Boolean).join(" ")} ${
        allowed ? "replied START: text messages to them are on again" : "replied STOP: no more text messages to them"
      }`,
    );
  return { kind: allowed ? "opted_in" : "opted_out", companyId: company.id, customers: changed.length };
}
