import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A price book category; type material 0, service 1. */
export const priceListCategories = pgTable(
  "price_list_categories",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    categoryName: text("category_name").notNull(),
    type: integer("type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("price_list_categories_company_name_unique").on(t.companyId, sql`lower(${t.categoryName})`)],
);

/**
 * A price book item. Money in integer cents. unitCostType: each 0, sq feet 1, gallon 2, hour 3,
 * meter 4, kilogram 5; itemType: material 0, service 1.
 */
export const priceListItems = pgTable(
  "price_list_items",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => priceListCategories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    costCents: integer("cost_cents").notNull().default(0),
    color: text("color"),
    unitCostType: integer("unit_cost_type").notNull().default(0),
    description: text("description"),
    isTaxable: boolean("is_taxable").notNull().default(false),
    itemType: integer("item_type").notNull(),
    imageUrl: text("image_url"),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple'::regconfig, ${priceListItems.name} || ' ' || coalesce(${priceListItems.description}, ''))`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("price_list_items_category_name_idx").on(t.categoryId, sql`lower(${t.name})`, t.id),
    index("price_list_items_company_type_name_idx").on(t.companyId, t.itemType, sql`lower(${t.name})`, t.id),
    index("price_list_items_company_name_idx").on(t.companyId, sql`lower(${t.name})`, t.id),
    index("price_list_items_search_idx").using("gin", t.searchVector),
  ],
);
