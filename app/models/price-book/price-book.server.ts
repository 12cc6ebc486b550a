import { RuleError } from "~/models/rules";
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { priceListCategories, priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { CategoryInput, ItemInput } from "~/models/price-book/price-book.schema";
import { readsCosts } from "~/access/roles";
import { companyFileUrl } from "~/models/files/company-files.server";
import { deleteFile } from "~/services/storage.server";

export const PRICE_BOOK_IMAGE_FOLDER = "price-book";

export class PriceBookRuleError extends RuleError {
  constructor(field: string, message: string) {
    super({ [field]: message });
  }
}

export type CategoryRow = { id: number; categoryName: string; type: number; itemCount: number };
export type ItemRow = {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  priceCents: number;
  costCents: number;
  color: string | null;
  unitCostType: number;
  description: string | null;
  isTaxable: boolean;
  itemType: number;
  imageUrl: string | null;
};

/** Words typed in a search box as a prefix full-text query ("cop pip" → cop:* & pip:*), or null. */
function prefixQuery(search: string | undefined): SQL | null {
  const words =
    (search ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  return sql`${priceListItems.searchVector} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(" & ")})`;
}

const itemColumns = {
  id: priceListItems.id,
  categoryId: priceListItems.categoryId,
  categoryName: priceListCategories.categoryName,
  name: priceListItems.name,
  priceCents: priceListItems.priceCents,
  costCents: priceListItems.costCents,
  color: priceListItems.color,
  unitCostType: priceListItems.unitCostType,
  description: priceListItems.description,
  isTaxable: priceListItems.isTaxable,
  itemType: priceListItems.itemType,
  imageUrl: priceListItems.imageUrl,
};

const SORTS = {
  name: sql`lower(${priceListItems.name})`,
  price: priceListItems.priceCents,
  cost: priceListItems.costCents,
  unitCostType: priceListItems.unitCostType,
  itemType: priceListItems.itemType,
} as const;
export const ITEM_SORT_FIELDS = Object.keys(SORTS);

export type ItemPageQuery = {
  search?: string;
  type?: number;
  excludeIds?: readonly number[];
  pageNumber: number;
  pageSize: number;
  sort?: { fieldName: string; descending: boolean } | null;
};

/** The company's categories with their item counts, by name; filtered by name and type. */
export async function listCategories(
  ctx: CallerContext,
  query: { search?: string; type?: number } = {},
): Promise<CategoryRow[]> {
  const filters = [eq(priceListCategories.companyId, ctx.companyId)];
  if (query.type !== undefined) filters.push(eq(priceListCategories.type, query.type));
  if (query.search?.trim())
    filters.push(
      sql`${priceListCategories.categoryName} ilike ${`%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  return db
    .select({
      id: priceListCategories.id,
      categoryName: priceListCategories.categoryName,
      type: priceListCategories.type,
      itemCount: sql<number>`(select count(*)::int from price_list_items i where i.category_id = "price_list_categories"."id")`,
    })
    .from(priceListCategories)
    .where(and(...filters))
    .orderBy(asc(sql`lower(${priceListCategories.categoryName})`));
}

export async function getCategory(
  ctx: CallerContext,
  id: number,
  exec: Executor = db,
): Promise<{ id: number; categoryName: string; type: number } | null> {
  const [row] = await exec
    .select({
      id: priceListCategories.id,
      categoryName: priceListCategories.categoryName,
      type: priceListCategories.type,
    })
    .from(priceListCategories)
    .where(and(eq(priceListCategories.id, id), eq(priceListCategories.companyId, ctx.companyId)))
    .limit(1);
  return row ?? null;
}

async function categoryNameTaken(exec: Executor, ctx: CallerContext, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: priceListCategories.id })
    .from(priceListCategories)
    .where(
      and(
        eq(priceListCategories.companyId, ctx.companyId),
        sql`lower(${priceListCategories.categoryName}) = lower(${name})`,
        exceptId ? sql`${priceListCategories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

const categoryTaken = (name: string) =>
  new PriceBookRuleError("categoryName", `A category named '${name}' already exists`);

export async function createCategory(
  ctx: CallerContext,
  input: CategoryInput,
  exec?: Executor,
): Promise<{ id: number; categoryName: string; type: number }> {
  const run = async (tx: Executor) => {
    if (await categoryNameTaken(tx, ctx, input.categoryName)) throw categoryTaken(input.categoryName);
    const [row] = await tx
      .insert(priceListCategories)
      .values({ companyId: ctx.companyId, categoryName: input.categoryName, type: input.type })
      .returning({
        id: priceListCategories.id,
        categoryName: priceListCategories.categoryName,
        type: priceListCategories.type,
      });
    return row;
  };
  return exec ? run(exec) : db.transaction(run);
}

export async function updateCategory(ctx: CallerContext, id: number, input: CategoryInput) {
  return db.transaction(async (tx) => {
    if (!(await getCategory(ctx, id, tx))) return null;
    if (await categoryNameTaken(tx, ctx, input.categoryName, id)) throw categoryTaken(input.categoryName);
    const [row] = await tx
      .update(priceListCategories)
      .set({ categoryName: input.categoryName, type: input.type })
      .where(and(eq(priceListCategories.id, id), eq(priceListCategories.companyId, ctx.companyId)))
      .returning({
        id: priceListCategories.id,
        categoryName: priceListCategories.categoryName,
        type: priceListCategories.type,
      });
    return row ?? null;
  });
}

/**
 * Deletes a category with its items. Jobs and estimates keep their line items: they hold a copy
 * of name, price and image, and only a loose reference to the price book item.
 */
export async function deleteCategory(ctx: CallerContext, id: number): Promise<boolean> {
  const images = await db
    .select({ imageUrl: priceListItems.imageUrl })
    .from(priceListItems)
    .where(
      and(
        eq(priceListItems.categoryId, id),
        eq(priceListItems.companyId, ctx.companyId),
        sql`${priceListItems.imageUrl} is not null`,
      ),
    );
  const deleted = await db
    .delete(priceListCategories)
    .where(and(eq(priceListCategories.id, id), eq(priceListCategories.companyId, ctx.companyId)))
    .returning({ id: priceListCategories.id });
  if (deleted.length === 0) return false;
  await Promise.all(images.map((i) => deleteFile(i.imageUrl)));
  return true;
}

function itemOrder(ctx: CallerContext, sort: ItemPageQuery["sort"]) {
  // Sorting by cost would tell a field tech what they may not read.
  const usable = sort && sort.fieldName in SORTS && (sort.fieldName !== "cost" || readsCosts(ctx.role));
  const column = usable ? SORTS[sort.fieldName as keyof typeof SORTS] : SORTS.name;
  const direction = sort?.descending ? desc : asc;
  return [direction(column), direction(priceListItems.id)];
}

async function pageOf(ctx: CallerContext, filters: (SQL | undefined)[], query: ItemPageQuery) {
  const where = and(eq(priceListItems.companyId, ctx.companyId), ...filters);
  const [items, [{ total }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(priceListItems)
      .innerJoin(priceListCategories, eq(priceListCategories.id, priceListItems.categoryId))
      .where(where)
      .orderBy(...itemOrder(ctx, query.sort))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(priceListItems)
      .where(where),
  ]);
  return { items: items as ItemRow[], total };
}

/** One page of a category's items; null when the category is not the company's. */
export async function pageCategoryItems(ctx: CallerContext, categoryId: number, query: ItemPageQuery) {
  if (!(await getCategory(ctx, categoryId))) return null;
  const filters = [eq(priceListItems.categoryId, categoryId), prefixQuery(query.search) ?? undefined];
  if (query.excludeIds?.length) filters.push(notInArray(priceListItems.id, [...query.excludeIds]));
  return pageOf(ctx, filters, query);
}

/** One page of all the company's items, optionally of one type (material or service). */
export async function pageItems(ctx: CallerContext, query: ItemPageQuery) {
  const filters = [
    prefixQuery(query.search) ?? undefined,
    query.type !== undefined ? eq(priceListItems.itemType, query.type) : undefined,
  ];
  if (query.excludeIds?.length) filters.push(notInArray(priceListItems.id, [...query.excludeIds]));
  return pageOf(ctx, filters, query);
}

/** Items for pickers: by ids, or the first matches of a search (at most 100). */
export async function listItems(
  ctx: CallerContext,
  query: { search?: string; type?: number; itemIds?: readonly number[] },
): Promise<ItemRow[]> {
  const filters = [eq(priceListItems.companyId, ctx.companyId), prefixQuery(query.search) ?? undefined];
  if (query.type !== undefined) filters.push(eq(priceListItems.itemType, query.type));
  if (query.itemIds?.length) filters.push(inArray(priceListItems.id, [...query.itemIds]));
  const rows = await db
    .select(itemColumns)
    .from(priceListItems)
    .innerJoin(priceListCategories, eq(priceListCategories.id, priceListItems.categoryId))
    .where(and(...filters))
    .orderBy(asc(sql`lower(${priceListItems.name})`), asc(priceListItems.id))
    .limit(100);
  return rows as ItemRow[];
}

export async function getItem(ctx: CallerContext, id: number): Promise<ItemRow | null> {
  const [row] = await db
    .select(itemColumns)
    .from(priceListItems)
    .innerJoin(priceListCategories, eq(priceListCategories.id, priceListItems.categoryId))
    .where(and(eq(priceListItems.id, id), eq(priceListItems.companyId, ctx.companyId)))
    .limit(1);
  return (row as ItemRow) ?? null;
}

/** An image URL is accepted only when this company's price book upload produced it. */
function checkImageUrl(ctx: CallerContext, imageUrl: string | undefined | null): string | null {
  if (!imageUrl) return null;
  const own = companyFileUrl(ctx.companyId, imageUrl, [PRICE_BOOK_IMAGE_FOLDER]);
  if (!own)
    throw new PriceBookRuleError("imageUrl", "The image must be uploaded through price-lists/upload-item-image");
  return own;
}

/** The columns of an item that a form and a CSV row both set (not its category or image). */
export function itemDetailValues(input: ItemInput) {
  return {
    name: input.name,
    priceCents: input.price,
    costCents: input.cost,
    color: input.color ?? null,
    unitCostType: input.unitCostType,
    description: input.description ?? null,
    isTaxable: input.isTaxable,
    itemType: input.itemType,
  };
}

function itemValues(ctx: CallerContext, input: ItemInput) {
  return {
    categoryId: input.categoryId,
    ...itemDetailValues(input),
    imageUrl: checkImageUrl(ctx, input.imageUrl),
  };
}

const categoryMissing = () => new PriceBookRuleError("categoryId", "Category is required");

export async function createItem(ctx: CallerContext, input: ItemInput): Promise<ItemRow> {
  const values = itemValues(ctx, input);
  const id = await db.transaction(async (tx) => {
    if (!(await getCategory(ctx, input.categoryId, tx))) throw categoryMissing();
    const [row] = await tx
      .insert(priceListItems)
      .values({ companyId: ctx.companyId, ...values })
      .returning({ id: priceListItems.id });
    return row.id;
  });
  return (await getItem(ctx, id))!;
}

/** Updates an item; null when it is not the company's. A replaced image file is deleted. */
export async function updateItem(ctx: CallerContext, id: number, input: ItemInput): Promise<ItemRow | null> {
  const values = itemValues(ctx, input);
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ imageUrl: priceListItems.imageUrl })
      .from(priceListItems)
      .where(and(eq(priceListItems.id, id), eq(priceListItems.companyId, ctx.companyId)))
      .limit(1)
      .for("update");
    if (!current) return undefined;
    if (!(await getCategory(ctx, input.categoryId, tx))) throw categoryMissing();
    await tx
      .update(priceListItems)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(priceListItems.id, id), eq(priceListItems.companyId, ctx.companyId)));
    return current;
  });
  if (previous === undefined) return null;
  if (previous.imageUrl && previous.imageUrl !== values.imageUrl) await deleteFile(previous.imageUrl);
  return getItem(ctx, id);
}

export async function deleteItem(ctx: CallerContext, id: number): Promise<boolean> {
  const deleted = await db
    .delete(priceListItems)
    .where(and(eq(priceListItems.id, id), eq(priceListItems.companyId, ctx.companyId)))
    .returning({ imageUrl: priceListItems.imageUrl });
  if (deleted.length === 0) return false;
  await deleteFile(deleted[0].imageUrl);
  return true;
}

/** The item as the API sends it: money in dollars; a field tech's copy has no cost. */
export function itemJson(ctx: CallerContext, item: ItemRow) {
  const { priceCents, costCents, ...rest } = item;
  return readsCosts(ctx.role)
    ? { ...rest, price: priceCents / 100, cost: costCents / 100 }
    : { ...rest, price: priceCents / 100 };
}
