import { bigint, date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { companyId } from "./refs";

/*
 * Figures the dashboard and the reports read instead of counting 200,000 rows. Each is kept by
 * statement triggers on its source table (migration 0015): every insert, update and delete moves
 * it in the same transaction, seeds and cascades included, so it always agrees with the rows.
 * Sums of cents are bigint: a company's invoices add up past 2^31 cents.
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
