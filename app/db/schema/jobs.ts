import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, geoData, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customerAddresses, customers } from "./customers";
import { customerServicePlans } from "./service-plans";
import {
  attachmentColumns,
  companyId,
  companyKey,
  companyRow,
  createdByUserId,
  lineItemColumns,
  tagId,
  userId,
} from "./refs";

/** The job a row belongs to (line items, events, files, ...): deleted with it. */
const jobId = () => ownedBy("job_id", () => jobs.id);
/** The first columns of a job's own rows (line items, events, segments, files, payments). */
const jobRow = () => ({ ...companyRow(), jobId: jobId() });

/**
 * A repeating job. Every visit of the series is its own row in `jobs` once materialised
 * (up to `materialized_until`); the rule fields follow the spec's recurrence rule, with the
 * rrule library's frequency numbers (yearly 0, monthly 1, weekly 2, daily 3).
 */
export const jobSeries = pgTable(
  "job_series",
  {
    ...companyRow(),
    frequency: integer("frequency").notNull(),
    interval: integer("interval").notNull().default(1),
    count: integer("count"),
    until: tz("until"),
    /** 1..4 = first..4th (with days of week: "the 2nd Tuesday"). */
    setPosition: integer("set_position"),
    /** rrule weekdays: 0 Monday .. 6 Sunday. */
    daysOfWeek: integer("days_of_week").array(),
    daysOfMonth: integer("days_of_month").array(),
    daysOfYear: integer("days_of_year").array(),
    /** 1..12 for yearly rules. */
    month: integer("month"),
    weekNumber: integer("week_number"),
    onWeekBasis: boolean("on_week_basis").notNull().default(false),
    /** First visit's start (UTC instant); expansion happens in `timezone` wall-clock time. */
    dtstart: tz("dtstart").notNull(),
    timezone: text("timezone").notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    isAllDay: boolean("is_all_day").notNull().default(false),
    /** Visits exist as job rows up to this instant; a background step extends it. */
    materializedUntil: tz("materialized_until").notNull(),
    /** Set when the series ended (count reached, until passed or cut by "this and following"). */
    isComplete: boolean("is_complete").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("job_series_company_idx").on(t.companyId),
    index("job_series_horizon_idx").on(t.isComplete, t.materializedUntil),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    ...companyRow(),
    customerId: ownedBy("customer_id", () => customers.id),
    customerAddressId: setNullRef("customer_address_id", () => customerAddresses.id),
    /** Address snapshot at the time of the job, so later edits of the property do not rewrite history. */
    location: text("location"),
    unitNumber: text("unit_number"),
    geoData: geoData(),
    /** Job title (rename); null shows the default title. */
    name: text("name"),
    description: text("description"),
    privateNotes: text("private_notes"),
    message: text("message"),
    /** 0 unscheduled, 1 scheduled, 2 on my way, 3 started, 4 finished, 5 paid, 6 cancelled, 7 prescheduled */
    status: integer("status").notNull().default(0),
    startTime: tz("start_time"),
    endTime: tz("end_time"),
    isAllDay: boolean("is_all_day").notNull().default(false),
    /** Minutes after the start during which the technician may arrive (spec default 0). */
    arrivalWindowOffset: integer("arrival_window_offset").notNull().default(0),
    /** IANA zone the visit was planned in. */
    timezone: text("timezone").notNull(),
    sendAppointmentReminder: boolean("send_appointment_reminder").notNull().default(false),
    /** Tax rate in basis points (8.25% = 825). */
    taxRate: integer("tax_rate").notNull().default(0),
    /** Money in integer cents, computed on the server (see docs/decisions/020-jobs-totals.md). */
    discountCents: integer("discount_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    /** Unguessable token of the public visit details page. */
    publicToken: text("public_token").notNull(),
    seriesId: setNullRef("series_id", () => jobSeries.id),
    /** Original start of this occurrence in its series (stays when the visit is moved). */
    seriesOccurrence: tz("series_occurrence"),
    bookingRequestId: integer("booking_request_id"),
    templateId: integer("template_id"),
    servicePlanVisitDescription: text("service_plan_visit_description"),
    /** A visit of a sold service plan, and which of its visits (0, 1, ...): each created once. */
    customerServicePlanId: setNullRef("customer_service_plan_id", () => customerServicePlans.id),
    servicePlanVisitNumber: integer("service_plan_visit_number"),
    /** Lower-cased title, description, customer and address: the list's search haystack. */
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => jobs.searchText),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("jobs_public_token_unique").on(t.publicToken),
    index("jobs_company_start_idx").on(t.companyId, t.startTime, t.id),
    index("jobs_company_status_start_idx").on(t.companyId, t.status, t.startTime, t.id),
    // The schedule's newest unscheduled jobs (status 0), newest first, on every calendar page.
    index("jobs_company_unscheduled_idx")
      .on(t.companyId, t.id)
      .where(sql`${t.status} = 0`),
    index("jobs_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("jobs_company_name_idx").on(t.companyId, t.name, t.id),
    index("jobs_company_total_idx").on(t.companyId, t.totalCents, t.id),
    index("jobs_company_customer_start_idx").on(t.companyId, t.customerId, t.startTime, t.id),
    index("jobs_series_occurrence_idx").on(t.seriesId, t.seriesOccurrence),
    uniqueIndex("jobs_plan_visit_unique")
      .on(t.customerServicePlanId, t.servicePlanVisitNumber)
      .where(sql`${t.customerServicePlanId} is not null`),
    index("jobs_search_idx").using("gin", t.searchVector),
  ],
);

/**
 * Jobs per company, kept by statement triggers on jobs (migrations 0002 and 0004) so that every insert and
 * delete counts, seeds and cascades included: the jobs list's total without counting 200,000 rows.
 */
export const jobCounts = pgTable("job_counts", {
  companyId: companyKey(),
  count: integer("count").notNull().default(0),
  /** The longest visit the company ever had (never shrinks): how far before a range the schedule looks for visits still running. */
  longestVisitSeconds: integer("longest_visit_seconds").notNull().default(0),
});

/**
 * Employees assigned to a job. start_time copies the job's start so that a technician's
 * schedule range query runs on one index (company, employee, start).
 */
export const jobEmployees = pgTable(
  "job_employees",
  {
    jobId: jobId(),
    userId: userId(),
    companyId: companyId(),
    startTime: tz("start_time"),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    index("job_employees_company_user_start_idx").on(t.companyId, t.userId, t.startTime, t.jobId),
  ],
);

export const jobLineItems = pgTable(
  "job_line_items",
  {
    ...jobRow(),
    ...lineItemColumns(),
  },
  (t) => [index("job_line_items_job_idx").on(t.jobId, t.position)],
);

/**
 * The job's history. type: see JOB_TIMELINE_EVENT in app/models/jobs.schema.ts (0-24);
 * actorType: 0 system, 1 employee, 2 main participant (the customer).
 */
export const jobTimelineEvents = pgTable(
  "job_timeline_events",
  {
    ...jobRow(),
    type: integer("type").notNull(),
    actorType: integer("actor_type").notNull().default(0),
    actorUserId: setNullRef("actor_user_id", () => users.id),
    /** Set when the actor was a super admin acting as actorUserId (shadow log-in). */
    impersonatorUserId: setNullRef("impersonator_user_id", () => users.id),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status"),
    reason: text("reason"),
    notifyCustomer: boolean("notify_customer").notNull().default(false),
    /** Status changes: the job's start/end before the change, so undo can restore them. */
    data: jsonb("data").$type<Record<string, unknown> | null>(),
    /** Set when a later undo reverted this status change. */
    undoneAt: tz("undone_at"),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [
    index("job_timeline_job_at_idx").on(t.jobId, t.at, t.id),
    index("job_timeline_company_at_idx").on(t.companyId, t.at, t.id),
    index("job_timeline_company_type_at_idx").on(t.companyId, t.type, t.at, t.id),
    index("job_timeline_company_actor_at_idx").on(t.companyId, t.actorUserId, t.at, t.id),
  ],
);

export const jobSegments = pgTable(
  "job_segments",
  {
    ...jobRow(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("job_segments_job_idx").on(t.jobId, t.position)],
);

const jobAttachmentColumns = () => ({ ...jobRow(), ...attachmentColumns() });

export const jobAttachments = pgTable("job_attachments", jobAttachmentColumns(), (t) => [
  index("job_attachments_job_idx").on(t.jobId, t.createdAt),
  uniqueIndex("job_attachments_url_unique").on(t.jobId, t.fileUrl),
]);

/** Photos of the site's state (before/after), kept apart from the job's documents. */
export const jobCurrentStateAttachments = pgTable("job_current_state_attachments", jobAttachmentColumns(), (t) => [
  index("job_current_state_attachments_job_idx").on(t.jobId, t.createdAt),
]);

export const jobPayments = pgTable(
  "job_payments",
  {
    ...jobRow(),
    /** cash 0, check 1, card 2, other 3 */
    method: integer("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    note: text("note"),
    recordedByUserId: setNullRef("recorded_by_user_id", () => users.id),
    paidAt: tz("paid_at").notNull().defaultNow(),
  },
  (t) => [index("job_payments_job_idx").on(t.jobId), index("job_payments_company_paid_idx").on(t.companyId, t.paidAt)],
);

/** Tags of type Job on jobs. */
export const jobTags = pgTable(
  "job_tags",
  {
    jobId: jobId(),
    tagId: tagId(),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.tagId] }), index("job_tags_tag_job_idx").on(t.tagId, t.jobId)],
);
