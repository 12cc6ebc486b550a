// References to the core tables that most tables carry (apart from columns.ts so that core.ts,
// which defines these tables, does not import itself back).
import { boolean, integer, numeric, text } from "drizzle-orm/pg-core";
import { createdAt, id, ownedBy, setNullRef } from "./columns";
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

/** The columns of a priced line (jobs, estimates, invoices): money in cents, amount = quantity x unit price. */
export const lineItemColumns = () => ({
  /** material 0, service 1 */
  kind: integer("kind").notNull().default(1),
  name: text("name").notNull(),
  description: text("description"),
  quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull().default("1"),
  unitPriceCents: integer("unit_price_cents").notNull(),
  costCents: integer("cost_cents").notNull().default(0),
  isTaxable: boolean("is_taxable").notNull().default(false),
  imageUrl: text("image_url"),
  priceListItemId: integer("price_list_item_id"),
  /** quantity x unit price, rounded to the cent. */
  amountCents: integer("amount_cents").notNull(),
  position: integer("position").notNull().default(0),
});

/** The columns of a stored file attached to a record (its key in the storage adapter and its address). */
export const attachmentColumns = () => ({
  storageKey: text("storage_key").notNull(),
  fileUrl: text("file_url").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  uploadedByUserId: setNullRef("uploaded_by_user_id", () => users.id),
  createdAt: createdAt(),
});
