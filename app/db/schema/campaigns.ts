import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, setNullRef, tz, updatedAt } from "./columns";
import { customers } from "./customers";
import { jobs } from "./jobs";
import { companyRow, createdByUserId } from "./refs";

const intArray = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);

/**
 * Custom follow-up campaigns (spec part 1 sections 3 and 7): an email and/or text to the customers of
 * an audience, after a job was finished (with a delay, at 10 a.m. in the company's zone) or once on a
 * specific date and time. docs/decisions/062-custom-campaigns.md
 */
export const campaigns = pgTable(
  "follow_up_campaigns",
  {
    ...companyRow(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** job finished 0, on a specific date and time 1 */
    triggerEvent: integer("trigger_event").notNull(),
    /** day 0, week 1, month 2 */
    delayType: integer("delay_type").notNull().default(0),
    /** Days, weeks or months after the job was finished; 0 sends at once. */
    delayValue: integer("delay_value").notNull().default(1),
    /** When a specific-date campaign sends. */
    scheduledAt: tz("scheduled_at"),
    /** Bit flags as the notification channels: text 1, email 2, both 3. */
    channel: integer("channel").notNull(),
    subject: text("subject"),
    emailMessage: text("email_message"),
    smsMessage: text("sms_message"),
    /** Customers with any of these tags (none: every customer) ... */
    includeTagIds: intArray("include_tag_ids"),
    /** ... and none of these. */
    excludeTagIds: intArray("exclude_tag_ids"),
    /** Every customer the tags let in but excludeCustomerIds (true), or only includeCustomerIds (false). */
    checkAll: boolean("check_all").notNull().default(true),
    excludeCustomerIds: intArray("exclude_customer_ids"),
    includeCustomerIds: intArray("include_customer_ids"),
    /** The audience's size when the campaign was saved (as the wizard counted it). */
    selectedCustomersNumber: integer("selected_customers_number").notNull().default(0),
    /** The scheduledAt a specific-date campaign's audience was queued for (a new date queues it again). */
    queuedFor: tz("queued_for"),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("campaigns_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("campaigns_company_trigger_idx")
      .on(t.companyId, t.triggerEvent)
      .where(sql`${t.isActive}`),
    index("campaigns_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.isActive} and ${t.triggerEvent} = 1`),
  ],
);

/**
 * One campaign message per customer and trigger (a finished job, or the campaign's date): written with
 * its scheduled_messages row (same idempotency key, the outbox dedupe key's stem) in one transaction,
 * so each goes once. Its email and text are the outbox rows `${key}:email` and `${key}:sms`.
 */
export const campaignMessages = pgTable(
  "campaign_messages",
  {
    ...companyRow(),
    campaignId: ownedBy("campaign_id", () => campaigns.id),
    customerId: ownedBy("customer_id", () => customers.id),
    /** job finished 0, on a specific date and time 1 (the campaign's trigger when it was written) */
    triggerType: integer("trigger_type").notNull(),
    /** When the job was finished, or the campaign's date. */
    triggerAt: tz("trigger_at").notNull(),
    /** The finished job (or visit of a series); emptied when it is deleted ('Job: deleted'). */
    jobId: setNullRef("job_id", () => jobs.id),
    /** "job" or "visit" */
    relatedType: text("related_type"),
    /** The job's title, or the campaign's name, when it was triggered. */
    title: text("title").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaign_messages_key_unique").on(t.idempotencyKey),
    index("campaign_messages_campaign_idx").on(t.campaignId, t.customerId),
    index("campaign_messages_customer_idx").on(t.customerId),
    index("campaign_messages_job_idx").on(t.jobId),
  ],
);
