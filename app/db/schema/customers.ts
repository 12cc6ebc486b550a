import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies, users } from "./core";

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    email: text("email"),
    mainPhoneNumber: text("main_phone_number"),
    jobTitle: text("job_title"),
    ownCompanyName: text("own_company_name"),
    areTextMessagesAllowed: boolean("are_text_messages_allowed").notNull().default(true),
    notes: text("notes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customers_company_name_idx").on(t.companyId, t.firstName, t.lastName, t.id),
    index("customers_company_email_idx").on(t.companyId, sql`lower(${t.email})`),
    index("customers_company_phone_idx").on(t.companyId, t.mainPhoneNumber),
  ],
);

/** A customer's properties (service addresses); one of them is the billing address. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").notNull().references(() => customers.id, { onDelete: "cascade" }),
    location: text("location").notNull(),
    unitNumber: text("unit_number"),
    notes: text("notes"),
    isBilling: boolean("is_billing").notNull().default(false),
    geoData: jsonb("geo_data").$type<{ placeId?: string; latitude: number; longitude: number } | null>(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("customer_addresses_customer_idx").on(t.customerId, t.position)],
);
