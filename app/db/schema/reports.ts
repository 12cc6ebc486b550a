import { bigint, boolean, date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { ownedBy } from "./columns";
import { estimates } from "./estimates";
import { jobs } from "./jobs";
import { companyId } from "./refs";

/*
 * Figures the dashboard and the reports read instead of counting 200,000 rows. Each is kept by
 * statement triggers on its source table (migrations 0015 and 0021): every insert, update and delete
 * moves it in the same transaction, seeds and cascades included, so it always agrees with the rows.
 * Sums of cents are bigint: a company's invoices add up past 2^31 cents. Days are the company's
 * time zone's when the row was written (a later change of zone does not move them).
 */

/** Jobs per status. */
export const jobStatusCounts = pgTable(
  "job_status_counts",
  {
    companyId: companyId(),
    status: integer("status").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

/** Estimates per status. */
export const estimateStatusCounts = pgTable(
  "estimate_status_counts",
  {
    companyId: companyId(),
    status: integer("status").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

/** Invoices per status: how many, their totals and what was paid on them (cents). */
export const invoiceStatusTotals = pgTable(
  "invoice_status_totals",
  {
    companyId: companyId(),
    status: integer("status").notNull(),
    count: integer("count").notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
    paidCents: bigint("paid_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

/** Invoices by issue date and status: how many, their totals and tax (cents). */
export const invoiceDays = pgTable(
  "invoice_days",
  {
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    status: integer("status").notNull(),
    count: integer("count").notNull().default(0),
    totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.status] })],
);

/**
 * Invoices by due date and status: how many and what is left to pay on them (totals minus paid,
 * cents). The dashboard's overdue figure reads the sent ones not yet due from it (migration 0021).
 */
export const invoiceDueDays = pgTable(
  "invoice_due_days",
  {
    companyId: companyId(),
    status: integer("status").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.day] })],
);

/**
 * Money received (payments paid 0 or autopaid 1) by day in the company's time zone and method
 * (cash 0, check 1, card 2, other 3).
 */
export const paymentDays = pgTable(
  "payment_days",
  {
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    method: integer("method").notNull(),
    count: integer("count").notNull().default(0),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.method] })],
);

/**
 * Each completed job once: the day of its latest Finished timeline event (4) that no undo reverted.
 * Kept by triggers on job_timeline_events (a job reopened and finished again moves to its new day;
 * undoing its only Finished event removes it).
 */
export const jobCompletions = pgTable(
  "job_completions",
  {
    jobId: ownedBy("job_id", () => jobs.id).primaryKey(),
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [index("job_completions_company_day_idx").on(t.companyId, t.day)],
);

/** Jobs completed per day (job_completions counted; the reports' "Jobs completed"). */
export const jobCompletionDays = pgTable(
  "job_completion_days",
  {
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * Each sent estimate once: the day of its first Sent timeline event (5) that no undo reverted, and
 * whether it is approved now (approval approved 1, or status approved 5 or copied to job 8). Kept by
 * triggers on estimate_timeline_events and on estimates (an approval given or withdrawn later moves it).
 */
export const estimateSendings = pgTable(
  "estimate_sendings",
  {
    estimateId: ownedBy("estimate_id", () => estimates.id).primaryKey(),
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    approved: boolean("approved").notNull(),
  },
  (t) => [index("estimate_sendings_company_day_idx").on(t.companyId, t.day)],
);

/** Estimates sent per day, and how many of them are approved (the reports' estimate conversion). */
export const estimateSentDays = pgTable(
  "estimate_sent_days",
  {
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    sentCount: integer("sent_count").notNull().default(0),
    approvedCount: integer("approved_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);
