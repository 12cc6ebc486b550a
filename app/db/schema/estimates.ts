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
import { createdAt, geoData, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customerAddresses, customers } from "./customers";
import { jobs } from "./jobs";
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

/** The estimate a row belongs to (options, line items, events, files): deleted with it. */
const estimateId = () => ownedBy("estimate_id", () => estimates.id);
const estimateRow = () => ({ ...companyRow(), estimateId: estimateId() });

/**
 * A quote for work, with an optional visit on the schedule (to look at the job before quoting).
 * status (spec "Estimate and visit status"): 0 scheduled, 1 on my way, 2 started, 3 finished,
 * 4 sent, 5 approved, 6 cancelled, 7 unscheduled, 8 copied to job, 9 declined.
 * approval: 0 not yet approved, 1 approved, 2 declined.
 */
export const estimates = pgTable(
  "estimates",
  {
    ...companyRow(),
    /** Per company, from 1, without gaps (estimate_counts.last_number). */
    number: integer("number").notNull(),
    customerId: ownedBy("customer_id", () => customers.id),
    customerAddressId: setNullRef("customer_address_id", () => customerAddresses.id),
    location: text("location"),
    unitNumber: text("unit_number"),
    geoData: geoData(),
    name: text("name"),
    description: text("description"),
    privateNotes: text("private_notes"),
    message: text("message"),
    status: integer("status").notNull().default(7),
    approval: integer("approval").notNull().default(0),
    startTime: tz("start_time"),
    endTime: tz("end_time"),
    isAllDay: boolean("is_all_day").notNull().default(false),
    arrivalWindowOffset: integer("arrival_window_offset").notNull().default(0),
    timezone: text("timezone").notNull(),
    /** Tax rate in basis points and discount in cents, shared by the options. */
    taxRate: integer("tax_rate").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The chosen option's totals (the first option's until the customer chooses), for lists and sorting. */
    totalCents: integer("total_cents").notNull().default(0),
    /** The option the customer approved. */
    chosenOptionId: integer("chosen_option_id"),
    /** Unguessable token of the public approval page. */
    publicToken: text("public_token").notNull(),
    sentAt: tz("sent_at"),
    /** Channel of the last send: text 1, email 2, both 3. */
    sentChannel: integer("sent_channel"),
    answeredAt: tz("answered_at"),
    declineReason: text("decline_reason"),
    /** The customer's signature: a typed name, and the drawn image's stored URL when drawn. */
    signatureName: text("signature_name"),
    signatureImageUrl: text("signature_image_url"),
    copiedToJobId: setNullRef("copied_to_job_id", () => jobs.id),
    bookingRequestId: integer("booking_request_id"),
    templateId: integer("template_id"),
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => estimates.searchText),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("estimates_public_token_unique").on(t.publicToken),
    uniqueIndex("estimates_company_number_unique").on(t.companyId, t.number),
    index("estimates_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("estimates_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
    index("estimates_company_start_idx").on(t.companyId, t.startTime, t.id),
    index("estimates_company_name_idx").on(t.companyId, t.name, t.id),
    index("estimates_company_total_idx").on(t.companyId, t.totalCents, t.id),
    index("estimates_company_customer_created_idx").on(t.companyId, t.customerId, t.createdAt, t.id),
    index("estimates_search_idx").using("gin", t.searchVector),
  ],
);

/** Estimates per company (kept by statement triggers, like job_counts) and the last number given. */
export const estimateCounts = pgTable("estimate_counts", {
  companyId: companyKey(),
  count: integer("count").notNull().default(0),
  lastNumber: integer("last_number").notNull().default(0),
});

/** The options (versions) a customer chooses between, each with its own lines and totals. */
export const estimateOptions = pgTable(
  "estimate_options",
  {
    ...estimateRow(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("estimate_options_estimate_idx").on(t.estimateId, t.position)],
);

export const estimateLineItems = pgTable(
  "estimate_line_items",
  {
    ...estimateRow(),
    optionId: ownedBy("option_id", () => estimateOptions.id),
    ...lineItemColumns(),
    /** optionalState: null (a regular line) or an optional line, recommended or not, approved by the customer or not. */
    isOptional: boolean("is_optional").notNull().default(false),
    isRecommended: boolean("is_recommended").notNull().default(false),
    isApproved: boolean("is_approved").notNull().default(false),
  },
  (t) => [index("estimate_line_items_option_idx").on(t.optionId, t.position)],
);

export const estimateEmployees = pgTable(
  "estimate_employees",
  {
    estimateId: estimateId(),
    userId: userId(),
    companyId: companyId(),
    startTime: tz("start_time"),
  },
  (t) => [
    primaryKey({ columns: [t.estimateId, t.userId] }),
    index("estimate_employees_company_user_start_idx").on(t.companyId, t.userId, t.startTime, t.estimateId),
  ],
);

export const estimateTags = pgTable(
  "estimate_tags",
  {
    estimateId: estimateId(),
    tagId: tagId(),
    companyId: companyId(),
  },
  (t) => [
    primaryKey({ columns: [t.estimateId, t.tagId] }),
    index("estimate_tags_tag_estimate_idx").on(t.tagId, t.estimateId),
  ],
);

/** The estimate's history, with the jobs timeline's columns (types from the spec's catalogue). */
export const estimateTimelineEvents = pgTable(
  "estimate_timeline_events",
  {
    ...estimateRow(),
    type: integer("type").notNull(),
    actorType: integer("actor_type").notNull().default(0),
    actorUserId: setNullRef("actor_user_id", () => users.id),
    impersonatorUserId: setNullRef("impersonator_user_id", () => users.id),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status"),
    reason: text("reason"),
    notifyCustomer: boolean("notify_customer").notNull().default(false),
    data: jsonb("data").$type<Record<string, unknown> | null>(),
    undoneAt: tz("undone_at"),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [
    index("estimate_timeline_estimate_at_idx").on(t.estimateId, t.at, t.id),
    index("estimate_timeline_company_at_idx").on(t.companyId, t.at, t.id),
    index("estimate_timeline_company_type_at_idx").on(t.companyId, t.type, t.at, t.id),
    index("estimate_timeline_company_actor_at_idx").on(t.companyId, t.actorUserId, t.at, t.id),
  ],
);

const estimateAttachmentColumns = () => ({ ...estimateRow(), ...attachmentColumns() });

export const estimateAttachments = pgTable("estimate_attachments", estimateAttachmentColumns(), (t) => [
  index("estimate_attachments_estimate_idx").on(t.estimateId, t.createdAt),
  uniqueIndex("estimate_attachments_url_unique").on(t.estimateId, t.fileUrl),
]);

export const estimateCurrentStateAttachments = pgTable(
  "estimate_current_state_attachments",
  estimateAttachmentColumns(),
  (t) => [index("estimate_current_state_attachments_estimate_idx").on(t.estimateId, t.createdAt)],
);
