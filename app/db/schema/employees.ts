import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companyKey, createdByUserId, tagId, userId } from "./refs";

/** Tags (type Employee) on employees. */
export const employeeTags = pgTable(
  "employee_tags",
  {
    userId: userId(),
    tagId: tagId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index("employee_tags_tag_idx").on(t.tagId)],
);

/** The integrator API key of a company (one per company): only its SHA-256 is kept. */
export const companyApiKeys = pgTable("company_api_keys", {
  companyId: companyKey(),
  keyHash: text("key_hash").notNull().unique(),
  /** The first characters of the key, shown so a person can tell keys apart. */
  prefix: text("prefix").notNull(),
  createdByUserId: createdByUserId(),
  createdAt: createdAt(),
});
