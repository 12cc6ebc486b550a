// References to the core tables that most tables carry (apart from columns.ts so that core.ts,
// which defines these tables, does not import itself back).
import { integer } from "drizzle-orm/pg-core";
import { id, ownedBy, setNullRef } from "./columns";
import { companies, tags, users } from "./core";

/** The company a row belongs to: every query filters on it, and the row goes with the company. */
export const companyId = () => ownedBy("company_id", () => companies.id);

/** The first columns of most tables: the row's key and the company it belongs to. */
export const companyRow = () => ({ id: id(), companyId: companyId() });

/** A one-row-per-company table: the company id is the key. */
export const companyKey = () =>
  integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" });

export const userId = () => ownedBy("user_id", () => users.id);
export const tagId = () => ownedBy("tag_id", () => tags.id);

/** Who created the row; kept when that user is deleted. */
export const createdByUserId = () => setNullRef("created_by_user_id", () => users.id);
