import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, lower, ownedBy, searchVector, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { expenseCodes } from "./company";
import { customers } from "./customers";
import { estimates } from "./estimates";
import { jobSeries, jobs } from "./jobs";
import { attachmentColumns, companyId, companyRow, createdByUserId, lineItemColumns, tagId } from "./refs";

// Forms and checklists, job and estimate templates, expenses (issue #19, docs/decisions/064).

/**
 * One item of a form, as the builder saved it. type (spec "Form item types", in their order):
 * checkbox 0, text 1, images 2, flag 3, condition 4, signature 5, yes/no 6, textarea 7,
 * multiple choice 8. `key` names the item's answer and never changes once saved.
 */
export type FormItemDefinition = {
  key: string;
  type: number;
  label: string;
  required: boolean;
  /** Multiple choice only: the choices, in order. */
  options?: string[];
};

/** A stored file of an answer (photos, the signature). */
export type FormAnswerFile = { storageKey: string; fileUrl: string; fileName: string; sizeBytes: number };

/** One item's answer: `value` for the typed items, `files` for images and signature. */
export type FormAnswer = { value?: string | boolean | null; files?: FormAnswerFile[] };

/** The company's forms and checklists (the builder at /forms): the spec's companyCheckListIds. */
export const companyChecklists = pgTable(
  "company_checklists",
  {
    ...companyRow(),
    name: text("name").notNull(),
    description: text("description"),
    items: jsonb("items").$type<FormItemDefinition[]>().notNull(),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("company_checklists_company_name_idx").on(t.companyId, lower(t.name), t.id)],
);

/**
 * A form assigned to one job or one estimate, with its answers. The items are copied when it is
 * assigned, so editing the form later never rewrites a filled checklist; the company form may go.
 */
export const assignedChecklists = pgTable(
  "assigned_checklists",
  {
    ...companyRow(),
    jobId: integer("job_id").references((): AnyPgColumn => jobs.id, { onDelete: "cascade" }),
    estimateId: integer("estimate_id").references((): AnyPgColumn => estimates.id, { onDelete: "cascade" }),
    companyChecklistId: setNullRef("company_checklist_id", () => companyChecklists.id),
    name: text("name").notNull(),
    items: jsonb("items").$type<FormItemDefinition[]>().notNull(),
    /** By item key. */
    answers: jsonb("answers").$type<Record<string, FormAnswer>>().notNull().default({}),
    /** Unguessable: the public read-only page and the customer's public form. */
    publicToken: text("public_token").notNull(),
    /** Set when every required item has an answer. */
    completedAt: tz("completed_at"),
    /** Who answered last: an employee, or null with answeredByCustomer for the public form. */
    answeredByUserId: setNullRef("answered_by_user_id", () => users.id),
    answeredByCustomer: boolean("answered_by_customer").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("assigned_checklists_public_token_unique").on(t.publicToken),
    uniqueIndex("assigned_checklists_job_form_unique")
      .on(t.jobId, t.companyChecklistId)
      .where(sql`${t.jobId} is not null`),
    uniqueIndex("assigned_checklists_estimate_form_unique")
      .on(t.estimateId, t.companyChecklistId)
      .where(sql`${t.estimateId} is not null`),
    index("assigned_checklists_job_idx").on(t.jobId, t.position),
    index("assigned_checklists_estimate_idx").on(t.estimateId, t.position),
    index("assigned_checklists_form_idx").on(t.companyChecklistId),
    check("assigned_checklists_one_record", sql`(${t.jobId} is null) <> (${t.estimateId} is null)`),
  ],
);

/** Forms assigned to a recurring job "with its recurring visits": each visit made later gets them too. */
export const jobSeriesChecklists = pgTable(
  "job_series_checklists",
  {
    seriesId: ownedBy("series_id", () => jobSeries.id),
    companyChecklistId: ownedBy("company_checklist_id", () => companyChecklists.id),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.companyChecklistId] })],
);

/** A job or estimate template (/templates). entityType: job 0, estimate 1. */
export const templates = pgTable(
  "templates",
  {
    ...companyRow(),
    entityType: integer("entity_type").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    message: text("message"),
    privateNotes: text("private_notes"),
    /** Basis points, like the job's tax rate. */
    taxRate: integer("tax_rate").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("templates_company_type_name_idx").on(t.companyId, t.entityType, lower(t.name), t.id)],
);

const templateId = () => ownedBy("template_id", () => templates.id);

export const templateLineItems = pgTable(
  "template_line_items",
  { ...companyRow(), templateId: templateId(), ...lineItemColumns() },
  (t) => [index("template_line_items_template_idx").on(t.templateId, t.position)],
);

export const templateTags = pgTable(
  "template_tags",
  { templateId: templateId(), tagId: tagId(), companyId: companyId() },
  (t) => [primaryKey({ columns: [t.templateId, t.tagId] })],
);

export const templateChecklists = pgTable(
  "template_checklists",
  {
    templateId: templateId(),
    companyChecklistId: ownedBy("company_checklist_id", () => companyChecklists.id),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.companyChecklistId] })],
);

export const templateAttachments = pgTable(
  "template_attachments",
  { ...companyRow(), templateId: templateId(), ...attachmentColumns() },
  (t) => [
    index("template_attachments_template_idx").on(t.templateId, t.createdAt),
    uniqueIndex("template_attachments_url_unique").on(t.templateId, t.fileUrl),
  ],
);

/**
 * Money a company spent (/expense-tracking), in integer cents of the company's currency.
 * relatedType (spec "Related entity types", in their order): customer 0, job 1, estimate 2,
 * employee (user) 3; the matching reference column holds the record and empties when it goes.
 */
export const expenses = pgTable(
  "expenses",
  {
    ...companyRow(),
    spentOn: date("spent_on", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    expenseCodeId: setNullRef("expense_code_id", () => expenseCodes.id),
    description: text("description"),
    /** The employee who spent it. */
    employeeUserId: setNullRef("employee_user_id", () => users.id),
    relatedType: integer("related_type"),
    relatedCustomerId: setNullRef("related_customer_id", () => customers.id),
    relatedJobId: setNullRef("related_job_id", () => jobs.id),
    relatedEstimateId: setNullRef("related_estimate_id", () => estimates.id),
    relatedUserId: setNullRef("related_user_id", () => users.id),
    receiptStorageKey: text("receipt_storage_key"),
    receiptUrl: text("receipt_url"),
    searchVector: searchVector((): SQL => sql`coalesce(${expenses.description}, '')`),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("expenses_company_spent_idx").on(t.companyId, t.spentOn, t.id),
    index("expenses_company_amount_idx").on(t.companyId, t.amountCents, t.id),
    index("expenses_code_idx").on(t.expenseCodeId),
    index("expenses_employee_idx").on(t.employeeUserId),
    index("expenses_related_customer_idx").on(t.relatedCustomerId),
    index("expenses_related_job_idx").on(t.relatedJobId, t.spentOn),
    index("expenses_related_estimate_idx").on(t.relatedEstimateId, t.spentOn),
    index("expenses_related_user_idx").on(t.relatedUserId),
    index("expenses_search_idx").using("gin", t.searchVector),
  ],
);
