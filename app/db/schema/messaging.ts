import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, setNullRef, tz, updatedAt } from "./columns";
import { companies } from "./core";
import { customers } from "./customers";
import { jobs } from "./jobs";
import { companyId, companyKey, companyRow } from "./refs";

/**
 * Every email and text the app sends: the local delivery channel (the outbox, without SMTP or
 * Twilio) and the record of each send with its delivery state.
 * status: stored (unsent), sent, delivered (texts), opened (emails), failed.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    html: text("html"),
    /** Idempotency key: a retried send with the same key is not sent again. */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["stored", "sent", "delivered", "opened", "failed"] })
      .notNull()
      .default("stored"),
    error: text("error"),
    /** Who and what the message is about, for the record's screens (kept when they are deleted). */
    customerId: setNullRef("customer_id", () => customers.id),
    jobId: setNullRef("job_id", () => jobs.id),
    /** The message template type it was rendered from (0 job scheduled ... 5 visit details), if any. */
    messageType: integer("message_type"),
    /** The provider's id: Twilio's message SID, or the SMTP Message-ID. */
    providerId: text("provider_id"),
    /** The unguessable token of the email's open-tracking image. */
    trackingToken: text("tracking_token"),
    sentAt: tz("sent_at"),
    deliveredAt: tz("delivered_at"),
    openedAt: tz("opened_at"),
    failedAt: tz("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_unique").on(t.dedupeKey),
    index("outbox_created_idx").on(t.createdAt),
    uniqueIndex("outbox_provider_unique").on(t.channel, t.providerId),
    uniqueIndex("outbox_tracking_unique").on(t.trackingToken),
    index("outbox_company_created_idx").on(t.companyId, t.createdAt),
    index("outbox_job_idx").on(t.jobId),
  ],
);

/**
 * A company's own wording of a message template type (0 job scheduled, 2 on my way, 3 send
 * invoice, 4 send estimate, 5 send visit details); without a row the default text is used.
 */
export const messageTemplates = pgTable(
  "message_templates",
  {
    ...companyRow(),
    messageType: integer("message_type").notNull(),
    smsText: text("sms_text"),
    subjectText: text("subject_text"),
    emailText: text("email_text"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("message_templates_company_type_unique").on(t.companyId, t.messageType)],
);

/**
 * Automatic messages waiting to go (job scheduled, appointment reminders, on my way, visit
 * details), written in the transaction of the change that causes them, so a change that answered
 * success has its message. A dispatcher on the queue sends the due ones; the idempotency key
 * (also the outbox dedupe key's stem) keeps a retry, a restart or a second instance from sending twice.
 * status: pending, sending (claimed), sent, cancelled, failed.
 */
export const scheduledMessages = pgTable(
  "scheduled_messages",
  {
    id: id(),
    companyId: companyId(),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    /** job_scheduled, appointment_reminder, on_my_way, visit_details */
    kind: text("kind").notNull(),
    /** Notification channel: text 1, email 2, both 3. */
    channel: integer("channel").notNull(),
    dueAt: tz("due_at").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "cancelled", "failed"] })
      .notNull()
      .default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: tz("claimed_at"),
    sentAt: tz("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduled_messages_key_unique").on(t.idempotencyKey),
    index("scheduled_messages_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index("scheduled_messages_claimed_idx")
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    index("scheduled_messages_job_idx").on(t.jobId, t.kind),
  ],
);

/**
 * A company's appointment reminder settings (reminders plan feature): whether they go, how many
 * days before the visit (0 = the same day), at what local time, and on which channels.
 */
export const reminderSettings = pgTable("reminder_settings", {
  companyId: companyKey(),
  appointmentRemindersOn: boolean("appointment_reminders_on").notNull().default(true),
  appointmentDaysBefore: integer("appointment_days_before").notNull().default(1),
  /** Local time of day, "HH:MM" (24 h). */
  appointmentSendTime: text("appointment_send_time").notNull().default("09:00"),
  appointmentChannel: integer("appointment_channel").notNull().default(3),
  /** Estimate follow-ups: days after sending while unanswered (null: off), then every N hours (0, 24, 48, 72). */
  estimateFollowUpDays: integer("estimate_follow_up_days"),
  estimateReminderHours: integer("estimate_reminder_hours").notNull().default(0),
  /** Invoice follow-ups: on the due date (0) or N days after it while unpaid (null: off). */
  invoiceFollowUpDays: integer("invoice_follow_up_days"),
  /** Channel of the follow-ups: text 1, email 2, both 3. */
  followUpChannel: integer("follow_up_channel").notNull().default(3),
  updatedAt: updatedAt(),
});
