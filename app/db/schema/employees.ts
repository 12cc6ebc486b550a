import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies, tags, users } from "./core";

/** Tags (type Employee) on employees. */
export const employeeTags = pgTable(
  "employee_tags",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index("employee_tags_tag_idx").on(t.tagId)],
);

/** The integrator API key of a company (one per company): only its SHA-256 is kept. */
export const companyApiKeys = pgTable("company_api_keys", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  keyHash: text("key_hash").notNull().unique(),
  /** The first characters of the key, shown so a person can tell keys apart. */
  prefix: text("prefix").notNull(),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
