import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, geoData, lower, ownedBy, searchVector, updatedAt } from "./columns";
import { companyKey, companyRow, createdByUserId } from "./refs";

/** Live customers only: deleted ones stay for the jobs and invoices that name them. */
const live = (t: { deletedAt: unknown }) => sql`${t.deletedAt} is null`;

const sortKey = (column: AnyPgColumn): SQL => sql`left(lower(coalesce(${column}, '')), 100)`;

export const customers = pgTable(
  "customers",
  {
    ...companyRow(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    email: text("email"),
    additionalEmails: text("additional_emails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mainPhoneNumber: text("main_phone_number"),
    secondaryPhoneNumbers: text("secondary_phone_numbers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    jobTitle: text("job_title"),
    ownCompanyName: text("own_company_name"),
    areTextMessagesAllowed: boolean("are_text_messages_allowed").notNull().default(true),
    notes: text("notes"),
    /**
     * Tag and lead source ids, as arrays on the row so the list filters without a join (GIN).
     * Ids of deleted tags may linger; they are harmless since ids are never reused and names
     * are always read from the tags table.
     */
    tagIds: integer("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    leadSourceIds: integer("lead_source_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Copy of the billing address's location, kept in the same transaction: the list shows and sorts by it without a join. */
    billingLocation: text("billing_location"),
    /** Lower-cased words of names, company, emails, phones and addresses, written by the model on every save. */
    searchText: text("search_text").notNull().default(""),
    searchVector: searchVector((): AnyPgColumn => customers.searchText),
    /**
     * List sort keys: lower-cased and cut to 100 characters, so an index of them stays far below
     * the btree row limit and a deep page is read from the index alone (no heap visit per skipped row).
     */
    sortFirstName: text("sort_first_name").generatedAlwaysAs((): SQL => sortKey(customers.firstName)),
    sortLastName: text("sort_last_name").generatedAlwaysAs((): SQL => sortKey(customers.lastName)),
    sortCompanyName: text("sort_company_name").generatedAlwaysAs((): SQL => sortKey(customers.ownCompanyName)),
    sortBillingLocation: text("sort_billing_location").generatedAlwaysAs((): SQL => sortKey(customers.billingLocation)),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("customers_company_name_idx").on(t.companyId, t.sortFirstName, t.sortLastName, t.id).where(live(t)),
    // Deleted customers too: the jobs, estimates, invoices and plans lists sort by customer name through it.
    index("customers_company_name_all_idx").on(t.companyId, t.sortFirstName, t.sortLastName, t.id),
    index("customers_company_company_name_idx").on(t.companyId, t.sortCompanyName, t.id).where(live(t)),
    index("customers_company_billing_idx").on(t.companyId, t.sortBillingLocation, t.id).where(live(t)),
    index("customers_company_created_idx").on(t.companyId, t.createdAt, t.id).where(live(t)),
    index("customers_company_email_idx").on(t.companyId, lower(t.email)).where(live(t)),
    index("customers_company_phone_idx").on(t.companyId, t.mainPhoneNumber).where(live(t)),
    index("customers_search_idx").using("gin", t.searchVector),
    index("customers_tags_idx").using("gin", t.tagIds),
  ],
);

/** The first columns of a customer's own rows (properties, files). */
const customerRow = () => ({ ...companyRow(), customerId: ownedBy("customer_id", () => customers.id) });

/** A customer's properties (service addresses); one of them is the billing address. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    ...customerRow(),
    location: text("location").notNull(),
    unitNumber: text("unit_number"),
    notes: text("notes"),
    isBilling: boolean("is_billing").notNull().default(false),
    geoData: geoData(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("customer_addresses_customer_idx").on(t.customerId, t.position)],
);

/** Files attached to a customer; the bytes live in the storage adapter under storageKey. */
export const customerAttachments = pgTable(
  "customer_attachments",
  {
    ...customerRow(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdByUserId: createdByUserId(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_attachments_customer_idx").on(t.customerId, t.createdAt)],
);

/** Live customers per company, kept in the same transaction as every create and delete: the list's total without counting. */
export const customerCounts = pgTable("customer_counts", {
  companyId: companyKey(),
  count: integer("count").notNull().default(0),
});
