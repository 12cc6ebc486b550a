import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A company's named tax rates; rate in basis points (8.25% = 825), like the jobs' tax rate. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tax_rates_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

/** A company's named discounts: type 0 percentage (value in basis points), 1 fixed amount (value in cents). */
export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: integer("type").notNull(),
    value: integer("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("discounts_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

/** Codes that classify expenses (name, description). */
export const expenseCodes = pgTable(
  "expense_codes",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("expense_codes_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

/** One row per company, created on first write: settings that are not part of the profile. */
export const companySettings = pgTable(
  "company_settings",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    messageOnInvoice: text("message_on_invoice"),
    messageOnEstimate: text("message_on_estimate"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_settings_updated_idx").on(t.updatedAt)],
);
