import { and, asc, count, desc, eq, inArray, isNull, like, ne, or, sql } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import {
  companies,
  conversationMessages,
  conversations,
  customers,
  outboxMessages,
  textMessagingAccounts,
} from "~/db/schema";
import type { Paging } from "~/http/query-schemas";
import type { IncomingText } from "~/models/messaging/delivery.server";
import { smsSegments } from "~/models/messaging/variables";
import { notifyCompany } from "~/services/realtime/index.server";
import { RealtimeEvent } from "~/services/realtime/events";
import { sendText, twilioSettings, type TwilioSettings } from "~/services/texts.server";
import { adjustConversationCounts, getConversation } from "~/models/text-messaging/conversations.server";
import { scanWindow } from "~/models/list-pages";
import {
  MessageDirection,
  TwoWayTextNotificationType,
  type OutgoingMessageInput,
} from "~/models/text-messaging/inbox.schema";

type MessageStatus = (typeof conversationMessages.$inferSelect)["status"];

const messageColumns = {
  messageId: conversationMessages.id,
  conversationId: conversationMessages.conversationId,
  direction: conversationMessages.direction,
  phoneNumber: conversationMessages.phoneNumber,
  content: conversationMessages.content,
  status: conversationMessages.status,
  failureReason: conversationMessages.failureReason,
  segments: conversationMessages.segments,
  deliveredAt: conversationMessages.deliveredAt,
  createdAt: conversationMessages.createdAt,
};

/** A message as the inbox and the API show it (spec part 2 section 3, "Message"). */
function messageView(row: {
  messageId: number;
  conversationId: number;
  direction: number;
  phoneNumber: string;
  content: string;
  status: MessageStatus;
  failureReason: string | null;
  segments: number;
  deliveredAt: Date | null;
  createdAt: Date;
}) {
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    direction: row.direction,
    phoneNumber: row.phoneNumber,
    content: row.content,
    status: row.status,
    failureReason: row.failureReason,
    segments: row.segments,
    deliveredOn: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type ConversationMessage = ReturnType<typeof messageView>;

async function messageById(exec: Executor, companyId: number, id: number) {
  const [row] = await exec
    .select(messageColumns)
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, id), eq(conversationMessages.companyId, companyId)));
  return row ? messageView(row) : null;
}

/**
 * A page of a conversation's messages, newest first (page 1 is the latest); null when the company
 * has no such conversation. The total is the conversation's message counter; a page past the
 * middle of the thread reads from its oldest end (list-pages). The screen shows each page oldest
 * to newest (hasOlder tells whether there are older ones).
 */
export async function listMessages(
  ctx: Pick<CallerContext, "companyId">,
  conversationId: number,
  paging: Pick<Paging, "pageNumber" | "pageSize">,
): Promise<{ items: ConversationMessage[]; total: number; hasOlder: boolean } | null> {
  const [owned] = await db
    .select({ total: conversations.messageCount })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, ctx.companyId)));
  if (!owned) return null;
  const { total } = owned;
  const offset = (paging.pageNumber - 1) * paging.pageSize;
  const window = scanWindow(offset, paging.pageSize, total);
  if (offset >= total || window.limit <= 0) return { items: [], total, hasOlder: false };
  const direction = window.fromEnd ? asc : desc;
  // A deferred join: the window's ids from the thread index alone, then only the page's rows.
  const page = db
    .select({ pageId: sql<number>`${conversationMessages.id}`.as("page_id") })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(direction(conversationMessages.createdAt), direction(conversationMessages.id))
    .limit(window.limit)
    .offset(window.offset)
    .as("page");
  const rows = await db
    .select(messageColumns)
    .from(conversationMessages)
    .innerJoin(page, eq(conversationMessages.id, page.pageId))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id));
  return { items: rows.map(messageView), total, hasOlder: offset + paging.pageSize < total };
}

/** GET outgoing-message/{id}: a message the company sent (its delivery state), or null. */
export async function getOutgoingMessage(ctx: Pick<CallerContext, "companyId">, id: number) {
  const message = await messageById(db, ctx.companyId, id);
  return message?.direction === MessageDirection.Outgoing ? message : null;
}

/**
 * The company's live customer with this main or secondary phone (the oldest, when several share it).
 * Both phones' digits are words of the customers' search index: it finds the few candidates, so a
 * text never scans a company's customers.
 */
async function customerWithPhone(exec: Executor, companyId: number, phone: string): Promise<number | null> {
  const candidates = exec
    .select({ id: customers.id, main: customers.mainPhoneNumber, secondary: customers.secondaryPhoneNumbers })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        isNull(customers.deletedAt),
        sql`${customers.searchVector} @@ to_tsquery('simple', ${phone.replace(/\D/g, "")})`,
      ),
    )
    // A fence: the planner would otherwise walk the customers by id looking for a match.
    .offset(0)
    .as("candidates");
  const [row] = await exec
    .select({ id: candidates.id })
    .from(candidates)
    .where(or(eq(candidates.main, phone), sql`${phone} = any(${candidates.secondary})`))
    .orderBy(asc(candidates.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The company's conversation with this number, made when there is none (the company's conversation
 * counter moves with it); a customer is linked once found.
 */
async function conversationFor(tx: Executor, companyId: number, phone: string): Promise<number> {
  const customerId = await customerWithPhone(tx, companyId, phone);
  const [row] = await tx
    .insert(conversations)
    .values({ companyId, phoneNumber: phone, customerId })
    .onConflictDoUpdate({
      target: [conversations.companyId, conversations.phoneNumber],
      set: { customerId: sql`coalesce(${conversations.customerId}, excluded.customer_id)` },
    })
    // xmax is 0 only on a row this statement inserted (an update of a present row sets it).
    .returning({ id: conversations.id, started: sql<boolean>`(xmax = 0)` });
  if (row.started) await adjustConversationCounts(tx, companyId, { conversations: 1 });
  return row.id;
}

/**
 * The inbox's handler of incoming texts (registered with receiveIncomingText, which found the
 * company by the number it was sent to): stored once per MessageSid, in the company's conversation
 * with the sender, whose unread count, preview and activity move in the same transaction; then the
 * company's users hear of it (SendTwoWayTextNotification). A replay stores and announces nothing.
 */
export async function receiveInboxText(text: IncomingText & { companyId: number }, now = new Date()) {
  const stored = await db.transaction(async (tx) => {
    const conversationId = await conversationFor(tx, text.companyId, text.from);
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        companyId: text.companyId,
        conversationId,
        direction: MessageDirection.Incoming,
        phoneNumber: text.from,
        content: text.body.slice(0, 1600),
        status: "received",
        providerId: text.messageSid || null,
        segments: Math.max(1, smsSegments(text.body).segments),
        deliveredAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: conversationMessages.providerId })
      .returning({ id: conversationMessages.id });
    if (!message) return null;
    const [moved] = await tx
      .update(conversations)
      .set({
        unreadCount: sql`${conversations.unreadCount} + 1`,
        messageCount: sql`${conversations.messageCount} + 1`,
        lastMessageId: message.id,
        lastMessageContent: text.body.slice(0, 1600),
        lastActivityAt: now,
      })
      .where(eq(conversations.id, conversationId))
      .returning({ unreadCount: conversations.unreadCount });
    // Its first unread message makes the conversation one of the company's unread ones.
    await adjustConversationCounts(tx, text.companyId, { unread: moved.unreadCount === 1 ? 1 : 0, unreadMessages: 1 });
    return { conversationId, messageId: message.id };
  });
  if (!stored) return null;
  const ctx = { companyId: text.companyId };
  const [conversation, message] = await Promise.all([
    getConversation(ctx, stored.conversationId),
    messageById(db, text.companyId, stored.messageId),
  ]);
  notifyCompany(text.companyId, RealtimeEvent.TwoWayTextNotification, {
    notificationType: TwoWayTextNotificationType.IncomingMessageRegistered,
    conversation,
    message,
    conversationId: stored.conversationId,
  });
  return stored;
}

export type SendOutcome =
  | { ok: true; conversation: NonNullable<Awaited<ReturnType<typeof getConversation>>>; message: ConversationMessage }
  | { ok: false; reason: "not_enough_segments" }
  | null;

/**
 * Takes the segments from the company's balance; a balance of 0 or less refuses and sets the
 * limit flag (the flag is written outside the caller's transaction, which then ends unchanged).
 */
async function takeSegments(tx: Executor, companyId: number, segments: number): Promise<boolean> {
  const taken = await tx
    .update(textMessagingAccounts)
    .set({ smsSegmentsBalance: sql`${textMessagingAccounts.smsSegmentsBalance} - ${segments}` })
    .where(and(eq(textMessagingAccounts.companyId, companyId), sql`${textMessagingAccounts.smsSegmentsBalance} > 0`))
    .returning({ balance: textMessagingAccounts.smsSegmentsBalance });
  return taken.length > 0;
}

async function flagSegmentLimit(companyId: number) {
  await db
    .insert(textMessagingAccounts)
    .values({ companyId, segmentLimitReached: true })
    .onConflictDoUpdate({ target: textMessagingAccounts.companyId, set: { segmentLimitReached: true } });
}

/**
 * Sends a text from the inbox: to a conversation of the company, or to a phone number (its
 * conversation found or started). Segments are taken and the message stored as queued in one
 * transaction; after it commits the text goes out through the outbox (key `two-way:{id}`: never
 * twice) from the company's number. Null when the conversation is not the company's.
 */
export async function sendMessage(
  ctx: CallerContext,
  input: OutgoingMessageInput,
  settings: TwilioSettings | null = twilioSettings(),
): Promise<SendOutcome> {
  const segments = Math.max(1, smsSegments(input.content).segments);
  const queued = await db.transaction(async (tx) => {
    let conversationId: number;
    let phone: string;
    if (input.conversationId) {
      const [row] = await tx
        .select({ id: conversations.id, phone: conversations.phoneNumber })
        .from(conversations)
        .where(and(eq(conversations.id, input.conversationId), eq(conversations.companyId, ctx.companyId)));
      if (!row) return null;
      conversationId = row.id;
      phone = row.phone;
    } else {
      phone = input.phoneNumber!;
      conversationId = await conversationFor(tx, ctx.companyId, phone);
    }
    if (!(await takeSegments(tx, ctx.companyId, segments))) return "not_enough_segments" as const;
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        companyId: ctx.companyId,
        conversationId,
        direction: MessageDirection.Outgoing,
        phoneNumber: phone,
        content: input.content,
        status: "queued",
        segments,
        sentByUserId: ctx.userId,
      })
      .returning({ id: conversationMessages.id, createdAt: conversationMessages.createdAt });
    await tx
      .update(conversations)
      .set({
        messageCount: sql`${conversations.messageCount} + 1`,
        lastMessageId: message.id,
        lastMessageContent: input.content,
        lastActivityAt: message.createdAt,
      })
      .where(eq(conversations.id, conversationId));
    return { conversationId, messageId: message.id };
  });
  if (!queued) return null;
  if (queued === "not_enough_segments") {
    await flagSegmentLimit(ctx.companyId);
    return { ok: false, reason: "not_enough_segments" };
  }
  await deliver(ctx.companyId, queued.messageId, `two-way:${queued.messageId}`, settings);
  return outcome(ctx.companyId, queued.conversationId, queued.messageId);
}

/**
 * Sends a failed message again (its segments taken again), under a new outbox key per attempt; the
 * preview follows it again when it is the thread's latest. Null when the company has no such
 * outgoing failed message.
 */
export async function resendMessage(
  ctx: CallerContext,
  messageId: number,
  settings: TwilioSettings | null = twilioSettings(),
): Promise<SendOutcome> {
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ conversationId: conversationMessages.conversationId, segments: conversationMessages.segments })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.id, messageId),
          eq(conversationMessages.companyId, ctx.companyId),
          eq(conversationMessages.direction, MessageDirection.Outgoing),
          eq(conversationMessages.status, "failed"),
        ),
      )
      .for("update");
    if (!row) return null;
    if (!(await takeSegments(tx, ctx.companyId, row.segments))) return "not_enough_segments" as const;
    await tx
      .update(conversationMessages)
      .set({ status: "queued", failureReason: null, providerId: null })
      .where(eq(conversationMessages.id, messageId));
    // Not failed any more: when it is the thread's latest, the preview is on it again.
    await restorePreview(tx, row.conversationId);
    const [{ attempts }] = await tx
      .select({ attempts: count() })
      .from(outboxMessages)
      .where(
        or(
          eq(outboxMessages.dedupeKey, `two-way:${messageId}`),
          like(outboxMessages.dedupeKey, `two-way:${messageId}:%`),
        ),
      );
    return { conversationId: row.conversationId, attempt: attempts };
  });
  if (!queued) return null;
  if (queued === "not_enough_segments") {
    await flagSegmentLimit(ctx.companyId);
    return { ok: false, reason: "not_enough_segments" };
  }
  await deliver(ctx.companyId, messageId, `two-way:${messageId}:${queued.attempt}`, settings);
  return outcome(ctx.companyId, queued.conversationId, messageId);
}

async function outcome(companyId: number, conversationId: number, messageId: number): Promise<SendOutcome> {
  const [conversation, message] = await Promise.all([
    getConversation({ companyId }, conversationId),
    messageById(db, companyId, messageId),
  ]);
  return conversation && message ? { ok: true, conversation, message } : null;
}

/** Hands a queued message to the outbox and records what Twilio answered (its SID, sent or failed). */
async function deliver(companyId: number, messageId: number, dedupeKey: string, settings: TwilioSettings | null) {
  const [row] = await db
    .select({
      to: conversationMessages.phoneNumber,
      body: conversationMessages.content,
      customerId: conversations.customerId,
      from: companies.messagingPhoneNumber,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .innerJoin(companies, eq(companies.id, conversationMessages.companyId))
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.companyId, companyId)));
  if (!row) return;
  if (!row.from) {
    // Replies would reach nobody without the company's own number: the platform's is never used here.
    await markFailed(messageId, "The company has no messaging phone number yet");
    return;
  }
  const sent = await sendText(
    { to: row.to, body: row.body, from: row.from, companyId, customerId: row.customerId, dedupeKey },
    settings,
  );
  if (!sent.id) return;
  // The outbox row as it is now: a status callback may already have moved it past sent.
  const [outbox] = await db
    .select({
      providerId: outboxMessages.providerId,
      status: outboxMessages.status,
      error: outboxMessages.error,
      deliveredAt: outboxMessages.deliveredAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, sent.id));
  if (!outbox) return;
  if (sent.status === "failed" || outbox.status === "failed")
    await markFailed(messageId, outbox.error ?? "Not sent", outbox.providerId);
  else if (outbox.providerId)
    await db
      .update(conversationMessages)
      .set({
        providerId: outbox.providerId,
        status: outbox.status === "delivered" ? "delivered" : "sent",
        deliveredAt: outbox.status === "delivered" ? outbox.deliveredAt : null,
      })
      .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.status, "queued")));
}

/** A failed message: its reason kept, and the conversation's preview back on the last message that did not fail. */
async function markFailed(messageId: number, reason: string, providerId: string | null = null) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(conversationMessages)
      .set({ status: "failed", failureReason: reason.slice(0, 1000), ...(providerId ? { providerId } : {}) })
      .where(and(eq(conversationMessages.id, messageId), inArray(conversationMessages.status, ["queued", "sent"])))
      .returning({ conversationId: conversationMessages.conversationId });
    if (failed) await restorePreview(tx, failed.conversationId);
  });
}

async function restorePreview(tx: Executor, conversationId: number) {
  const [last] = await tx
    .select({
      id: conversationMessages.id,
      content: conversationMessages.content,
      at: sql<Date>`coalesce(${conversationMessages.deliveredAt}, ${conversationMessages.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), ne(conversationMessages.status, "failed")))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(1);
  await tx
    .update(conversations)
    .set(
      last
        ? { lastMessageId: last.id, lastMessageContent: last.content, lastActivityAt: last.at }
        : { lastMessageId: null, lastMessageContent: null },
    )
    .where(eq(conversations.id, conversationId));
}

/** The states an outgoing message may come from to reach each one: never backwards. */
const REACHED_FROM: Record<"sent" | "delivered" | "failed", MessageStatus[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  failed: ["queued", "sent"],
};

/**
 * Twilio's status callback for an inbox message, by its SID: sent, delivered (the delivery time
 * becomes the conversation's activity when it is the last message) or failed (the preview goes
 * back to the last message that did not fail).
 */
export async function applyConversationStatus(
  { messageSid, state, reason }: { messageSid: string; state: "sent" | "delivered" | "failed"; reason: string | null },
  now = new Date(),
) {
  if (state === "failed") {
    const [row] = await db
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(eq(conversationMessages.providerId, messageSid));
    if (row) await markFailed(row.id, reason ?? "Not delivered");
    return;
  }
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(conversationMessages)
      .set(state === "delivered" ? { status: state, deliveredAt: now } : { status: state })
      .where(
        and(eq(conversationMessages.providerId, messageSid), inArray(conversationMessages.status, REACHED_FROM[state])),
      )
      .returning({ id: conversationMessages.id, conversationId: conversationMessages.conversationId });
    if (moved && state === "delivered")
      await tx
        .update(conversations)
        .set({ lastActivityAt: now })
        .where(and(eq(conversations.id, moved.conversationId), eq(conversations.lastMessageId, moved.id)));
  });
}
