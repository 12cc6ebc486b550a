import { sql, type SQL } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customers } from "./customers";
import { companyKey, companyRow } from "./refs";

/**
 * Two-way text (spec part 2 sections 3, 4, 7, 9): one conversation per company and phone number,
 * its messages both ways, and the company's carrier registration. docs/decisions/063-two-way-text.md
 */
export const conversations = pgTable(
  "conversations",
  {
    ...companyRow(),
    /** The other side's number (E.164). */
    phoneNumber: text("phone_number").notNull(),
    /**
     * Every ending of the number's digits as a word: a prefix search over them finds the digits
     * anywhere in the number through the GIN index (E.164 has at most 15 digits).
     */
    searchVector: searchVector((): SQL => phoneEndings(conversations.phoneNumber)),
    /** The customer with this number, when there is one (linked on arrival or by a later match). */
    customerId: setNullRef("customer_id", () => customers.id),
    unreadCount: integer("unread_count").notNull().default(0),
    /** Messages both ways, moved with each insert: the thread's total without counting. */
    messageCount: integer("message_count").notNull().default(0),
    /** The last message that did not fail (a failed one leaves the preview as it was). */
    lastMessageId: integer("last_message_id"),
    lastMessageContent: text("last_message_content"),
    /** When the last message was delivered (received, or sent and delivered): the inbox's order. */
    lastActivityAt: tz("last_activity_at").notNull().defaultNow(),
    /** open 0 (the spec names a status without its values) */
    status: integer("status").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_company_phone_unique").on(t.companyId, t.phoneNumber),
    index("conversations_company_activity_idx").on(t.companyId, t.lastActivityAt, t.id),
    index("conversations_company_unread_idx")
      .on(t.companyId, t.lastActivityAt, t.id)
      .where(sql`${t.unreadCount} > 0`),
    index("conversations_customer_idx").on(t.customerId),
    index("conversations_search_idx").using("gin", t.searchVector),
  ],
);

function phoneEndings(phone: AnyPgColumn): SQL {
  const digits = sql`ltrim(${phone}, '+')`;
  const endings = Array.from({ length: 14 }, (_, i) => sql`substr(${digits}, ${sql.raw(String(i + 2))})`);
  return sql.join([digits, ...endings], sql` || ' ' || `);
}

/**
 * Per company: its conversations and those with unread messages, moved in the same transaction as
 * each new conversation and each unread change: the inbox list's totals without counting.
 */
export const conversationCounts = pgTable("conversation_counts", {
  companyId: companyKey(),
  conversations: integer("conversations").notNull().default(0),
  unreadConversations: integer("unread_conversations").notNull().default(0),
  /** Unread messages over all the conversations: the inbox's total, without summing them per page. */
  unreadMessages: integer("unread_messages").notNull().default(0),
});

export const conversationMessages = pgTable(
  "conversation_messages",
  {
    ...companyRow(),
    conversationId: ownedBy("conversation_id", () => conversations.id),
    /** incoming 0, outgoing 1 */
    direction: integer("direction").notNull(),
    /** The customer's side of the message (from for incoming, to for outgoing), E.164. */
    phoneNumber: text("phone_number").notNull(),
    content: text("content").notNull(),
    /** received (incoming); queued, sent, delivered, failed (outgoing) */
    status: text("status", { enum: ["received", "queued", "sent", "delivered", "failed"] }).notNull(),
    failureReason: text("failure_reason"),
    /** Twilio's MessageSid: a replayed incoming webhook stores the message once; status callbacks find an outgoing one. */
    providerId: text("provider_id"),
    /** SMS segments the message took (outgoing: taken from the company's balance). */
    segments: integer("segments").notNull().default(1),
    sentByUserId: setNullRef("sent_by_user_id", () => users.id),
    deliveredAt: tz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_messages_provider_unique").on(t.providerId),
    index("conversation_messages_thread_idx").on(t.conversationId, t.createdAt, t.id),
  ],
);

/**
 * A company's two-way text account: the carrier (A2P 10DLC) registration's state (spec order:
 * unknown 0, new request 1, brand creation not started 2, brand pending 3, brand approved 4, brand
 * failed 5, campaign pending 6, campaign failed 7, waiting to purchase phone number 8, phone number
 * bought 9, fully set up 10), the number's verification (unverified 0, pending 1, enabled 2), the
 * draft profile, Twilio's ids, and the SMS segment balance.
 */
export const textMessagingAccounts = pgTable("text_messaging_accounts", {
  companyId: companyKey(),
  registrationState: integer("registration_state").notNull().default(0),
  numberVerification: integer("number_verification").notNull().default(0),
  draftProfile: jsonb("draft_profile").$type<Record<string, unknown> | null>(),
  customerProfileSid: text("customer_profile_sid"),
  brandSid: text("brand_sid"),
  messagingServiceSid: text("messaging_service_sid"),
  campaignSid: text("campaign_sid"),
  phoneNumberSid: text("phone_number_sid"),
  /** Why the brand or campaign failed, as Twilio said. */
  failureReason: text("failure_reason"),
  smsSegmentsBalance: integer("sms_segments_balance").notNull().default(0),
  /** Set when a send was refused with not_enough_segments; cleared when the balance grows. */
  segmentLimitReached: boolean("segment_limit_reached").notNull().default(false),
  updatedAt: updatedAt(),
});
