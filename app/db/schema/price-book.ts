import { sql, type SQL } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, lower, ownedBy, searchVector, updatedAt } from "./columns";
import { companyRow } from "./refs";

/** A price book category; type material 0, service 1. */
export const priceListCategories = pgTable(
  "price_list_categories",
  {
    ...companyRow(),
    categoryName: text("category_name").notNull(),
    type: integer("type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("price_list_categories_company_name_unique").on(t.companyId, lower(t.categoryName))],
);

/**
 * A price book item. Money in integer cents. unitCostType: each 0, sq feet 1, gallon 2, hour 3,
 * meter 4, kilogram 5; itemType: material 0, service 1.
 */
export const priceListItems = pgTable(
  "price_list_items",
  {
    ...companyRow(),
    categoryId: ownedBy("category_id", () => priceListCategories.id),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    costCents: integer("cost_cents").notNull().default(0),
    color: text("color"),
    unitCostType: integer("unit_cost_type").notNull().default(0),
    description: text("description"),
    isTaxable: boolean("is_taxable").notNull().default(false),
    itemType: integer("item_type").notNull(),
    imageUrl: text("image_url"),
    searchVector: searchVector(
      (): SQL => sql`${priceListItems.name} || ' ' || coalesce(${priceListItems.description}, '')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("price_list_items_category_name_idx").on(t.categoryId, lower(t.name), t.id),
    index("price_list_items_company_type_name_idx").on(t.companyId, t.itemType, lower(t.name), t.id),
    index("price_list_items_company_name_idx").on(t.companyId, lower(t.name), t.id),
    index("price_list_items_search_idx").using("gin", t.searchVector),
  ],
);
