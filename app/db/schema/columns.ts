// Column and index builders shared by the schema files, so a table lists only what is its own.
// Each builds exactly the column it replaces: the generated schema (drizzle-kit) must not change.
// This file imports no table (core.ts uses it); references to the core tables are in refs.ts.
import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, customType, integer, jsonb, serial, timestamp } from "drizzle-orm/pg-core";

/** Every instant is stored with its time zone. */
export const tz = (name: string) => timestamp(name, { withTimezone: true });

export const id = () => serial("id").primaryKey();
export const createdAt = () => tz("created_at").notNull().defaultNow();
export const updatedAt = () => tz("updated_at").notNull().defaultNow();
/** Soft delete: set instead of deleting the row. */
export const deletedAt = () => tz("deleted_at");

/** A required reference to the row this one belongs to: deleted with it. */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** An optional reference that outlives its target (e.g. who created the row): emptied when it goes. */
export const setNullRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });

/** A place as the places search answers it (Google place id optional). */
export const geoData = (name = "geo_data") =>
  jsonb(name).$type<{ placeId?: string; latitude: number; longitude: number } | null>();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The full-text search column (GIN-indexed), generated from the text it searches. The table refers
 * to itself in `text`, so give that function its return type or TypeScript infers `any`.
 */
export const searchVector = (text: () => AnyPgColumn | SQL) =>
  tsvector("search_vector").generatedAlwaysAs((): SQL => sql`to_tsvector('simple'::regconfig, ${text()})`);

/** Names are unique and sorted without regard to case. */
export const lower = (column: AnyPgColumn) => sql`lower(${column})`;
