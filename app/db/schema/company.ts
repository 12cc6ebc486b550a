import { index, integer, type PgColumnBuilderBase, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, lower, updatedAt } from "./columns";
import { companyKey, companyRow } from "./refs";

/**
 * A company's list of named entries (tax rates, discounts, expense codes): each table adds its own
 * columns between the name and createdAt; names are unique in a company, ignoring case.
 */
const namedList = <TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  tableName: TName,
  columns: TColumns,
) =>
  pgTable(tableName, { ...companyRow(), name: text("name").notNull(), ...columns, createdAt: createdAt() }, (t) => [
    uniqueIndex(`${tableName}_company_name_unique`).on(t.companyId, lower(t.name)),
  ]);

/** A company's named tax rates; rate in basis points (8.25% = 825), like the jobs' tax rate. */
export const taxRates = namedList("tax_rates", { rateBasisPoints: integer("rate_basis_points").notNull() });

/** A company's named discounts: type 0 percentage (value in basis points), 1 fixed amount (value in cents). */
export const discounts = namedList("discounts", {
  type: integer("type").notNull(),
  value: integer("value").notNull(),
});

/** Codes that classify expenses (name, description). */
export const expenseCodes = namedList("expense_codes", { description: text("description") });

/** One row per company, created on first write: settings that are not part of the profile. */
export const companySettings = pgTable(
  "company_settings",
  {
    companyId: companyKey(),
    messageOnInvoice: text("message_on_invoice"),
    messageOnEstimate: text("message_on_estimate"),
    updatedAt: updatedAt(),
  },
  (t) => [index("company_settings_updated_idx").on(t.updatedAt)],
);
