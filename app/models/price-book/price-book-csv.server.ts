import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { priceListCategories, priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { PALETTE } from "~/models/employees/palette";
import { CSV_COLUMNS, itemSchema, itemTypeLabel, unitLabel, unitOptions } from "~/models/price-book/price-book.schema";
import { parseCsvRecords, toCsv } from "~/models/files/csv.server";
import { fieldErrors } from "~/utils/validation";
import { itemDetailValues } from "~/models/price-book/price-book.server";

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
export const importMessages = {
  tooLarge: "The file size cannot exceed 10 MB.",
  notCsv: `The file is not a price book CSV: its first row must name the columns ${CSV_COLUMNS.join(", ")}`,
  noFile: "File is required",
  tooManyRows: `At most ${IMPORT_MAX_ROWS} rows can be imported at once`,
} as const;

export class ImportFileError extends Error {}

export type ImportRowReport = { row: number; name: string; status: "created" | "updated" | "failed"; message?: string };
export type ImportReport = { created: number; updated: number; failed: number; rows: ImportRowReport[] };

const money = (cents: number) => (cents / 100).toFixed(2);

/** The template: the header and two example rows. */
export function priceBookTemplateCsv(): string {
  return toCsv(
    [
      [
        "Plumbing",
        "Service",
        "Drain cleaning",
        "Service",
        "Each",
        "149.00",
        "20.00",
        "No",
        "#3498DB",
        "Clear a blocked sink, tub or floor drain",
      ],
      [
        "HVAC Parts",
        "Material",
        "Air filter 16x25x1",
        "Material",
        "Each",
        "24.50",
        "8.75",
        "Yes",
        "",
        "MERV 11 pleated filter",
      ],
    ],
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

/** Every item of the company as CSV, read in keyset batches so a large price book stays cheap. */
export async function exportPriceBookCsv(ctx: CallerContext): Promise<string> {
  const chunks = [toCsv([], { header: true, columns: [...CSV_COLUMNS] })];
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: priceListItems.id,
        categoryName: priceListCategories.categoryName,
        categoryType: priceListCategories.type,
        name: priceListItems.name,
        itemType: priceListItems.itemType,
        unit: priceListItems.unitCostType,
        price: priceListItems.priceCents,
        cost: priceListItems.costCents,
        isTaxable: priceListItems.isTaxable,
        color: priceListItems.color,
        description: priceListItems.description,
      })
      .from(priceListItems)
      .innerJoin(priceListCategories, eq(priceListCategories.id, priceListItems.categoryId))
      .where(and(eq(priceListItems.companyId, ctx.companyId), gt(priceListItems.id, lastId)))
      .orderBy(asc(priceListItems.id))
      .limit(2000);
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1].id;
    chunks.push(
      toCsv(
        rows.map((r) => [
          r.categoryName,
          itemTypeLabel(r.categoryType),
          r.name,
          itemTypeLabel(r.itemType),
          unitLabel(r.unit),
          money(r.price),
          money(r.cost),
          r.isTaxable ? "Yes" : "No",
          r.color ?? "",
          r.description ?? "",
        ]),
      ),
    );
  }
  return chunks.join("");
}

function kindOf(text: string | undefined): number | undefined {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "material" || value === "0") return 0;
  if (value === "service" || value === "1") return 1;
  return undefined;
}

function unitOf(text: string | undefined): number | string {
  const value = (text ?? "").trim().toLowerCase();
  if (value === "") return 0;
  const found = unitOptions.find(
    (u) => u.label.toLowerCase() === value || String(u.value) === value || `${u.label.toLowerCase()}s` === value,
  );
  return found ? found.value : -1;
}

function colorOf(text: string | undefined): string | undefined {
  const value = (text ?? "").trim();
  if (!value) return undefined;
  return PALETTE.find((c) => c.label.toLowerCase() === value.toLowerCase())?.value ?? value;
}

const yes = (text: string | undefined) =>
  ["yes", "y", "true", "1", "taxable"].includes((text ?? "").trim().toLowerCase());

function readRows(data: Buffer): Record<string, string>[] {
  if (data.includes(0)) throw new ImportFileError(importMessages.notCsv);
  let records: Record<string, string>[];
  try {
    records = parseCsvRecords(data);
  } catch {
    throw new ImportFileError(importMessages.notCsv);
  }
  const first = records[0];
  if (first && !["Category", "Name", "Price"].every((c) => c in first))
    throw new ImportFileError(importMessages.notCsv);
  if (records.length > IMPORT_MAX_ROWS) throw new ImportFileError(importMessages.tooManyRows);
  return records;
}

async function categoryFor(
  tx: Transaction,
  ctx: CallerContext,
  name: string,
  type: number,
  cache: Map<string, number>,
) {
  const key = name.toLowerCase();
  const known = cache.get(key);
  if (known) return known;
  const [existing] = await tx
    .select({ id: priceListCategories.id })
    .from(priceListCategories)
    .where(
      and(eq(priceListCategories.companyId, ctx.companyId), sql`lower(${priceListCategories.categoryName}) = ${key}`),
    )
    .limit(1);
  const id =
    existing?.id ??
    (
      await tx
        .insert(priceListCategories)
        .values({ companyId: ctx.companyId, categoryName: name, type })
        .returning({ id: priceListCategories.id })
    )[0].id;
  cache.set(key, id);
  return id;
}

/**
 * Imports a CSV in the template's columns. Categories are found by name (created when new);
 * an item whose name already exists in its category is updated, otherwise created. Invalid rows
 * are skipped and reported with the reason; the valid rows are saved together.
 */
export async function importPriceBookCsv(ctx: CallerContext, file: File | null): Promise<ImportReport> {
  if (!file || file.size === 0) throw new ImportFileError(importMessages.noFile);
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(importMessages.tooLarge);
  const records = readRows(Buffer.from(await file.arrayBuffer()));
  const report: ImportReport = { created: 0, updated: 0, failed: 0, rows: [] };
  const categories = new Map<string, number>();
  await db.transaction(async (tx) => {
    for (const [index, record] of records.entries()) {
      const row = index + 2;
      const name = (record.Name ?? "").trim();
      const categoryName = (record.Category ?? "").trim();
      const categoryType = kindOf(record["Category Type"]) ?? kindOf(record["Item Type"]) ?? 1;
      if (!categoryName) {
        report.rows.push({ row, name, status: "failed", message: "Category is required" });
        continue;
      }
      if (categoryName.length > 100) {
        report.rows.push({
          row,
          name,
          status: "failed",
          message: "Category Name is too long - should be 100 chars maximum",
        });
        continue;
      }
      const parsed = itemSchema.safeParse({
        categoryId: 1,
        name,
        price: record.Price ?? "",
        cost: record.Cost ?? "",
        color: colorOf(record.Color),
        unitCostType: unitOf(record.Unit),
        description: record.Description ?? "",
        isTaxable: yes(record.Taxable),
        itemType: kindOf(record["Item Type"]) ?? categoryType,
      });
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        report.rows.push({ row, name, status: "failed", message: Object.values(errors).join("; ") });
        continue;
      }
      const categoryId = await categoryFor(tx, ctx, categoryName, categoryType, categories);
      const input = parsed.data;
      const values = itemDetailValues(input);
      const [existing] = await tx
        .select({ id: priceListItems.id })
        .from(priceListItems)
        .where(
          and(eq(priceListItems.categoryId, categoryId), sql`lower(${priceListItems.name}) = lower(${input.name})`),
        )
        .limit(1);
      if (existing) {
        await tx
          .update(priceListItems)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(priceListItems.id, existing.id), eq(priceListItems.companyId, ctx.companyId)));
        report.rows.push({ row, name, status: "updated" });
      } else {
        await tx.insert(priceListItems).values({ companyId: ctx.companyId, categoryId, ...values });
        report.rows.push({ row, name, status: "created" });
      }
    }
  });
  for (const r of report.rows) report[r.status] += 1;
  return report;
}
