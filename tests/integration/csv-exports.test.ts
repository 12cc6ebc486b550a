import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, priceListCategories, priceListItems } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { createCustomer } from "~/models/customers/customers.server";
import {
  CSV_COLUMNS,
  customersTemplateCsv,
  exportCustomersCsv,
  importCustomersCsv,
} from "~/models/customers/customers-import.server";
import { exportUsersCsv } from "~/models/employees/employees.server";
import {
  exportPriceBookCsv,
  importPriceBookCsv,
  priceBookTemplateCsv,
} from "~/models/price-book/price-book-csv.server";
import { Role } from "~/access/roles";
import { parseCsv } from "~/models/files/csv.server";
import { createTestCompany, createTestUser } from "../helpers/factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const DANGEROUS = /^[=+\-@\t\r]/;
const contextOf = ({ companyId, userId }: { companyId: number; userId: number }): CallerContext => ({
  companyId,
  userId,
  role: Role.CompanyAdmin,
});

/** Every cell of a CSV text as the file holds it (before any quote is taken away). */
function rawCells(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .flatMap((line) => line.split(","))
    .map((cell) => cell.replace(/^"/, ""));
}

describe("CSV exports neutralise formulas and import back unchanged", () => {
  it("customers: names, phones and notes that look like formulas", async () => {
    const from = contextOf(await createTestCompany());
    const originals = [
      {
        firstName: '=HYPERLINK("http://evil")',
        lastName: "+1+cmd|' /C calc'!A0",
        mainPhoneNumber: "+1 415 555 2671",
        ownCompanyName: "@SUM(1+1)",
        notes: "-5.00 off next visit",
        email: "formula@example.com",
      },
      {
        firstName: "Jane",
        lastName: "O'Brien",
        mainPhoneNumber: "(212) 555-0102",
        ownCompanyName: "'=already quoted",
        notes: "Plain",
        email: "jane@example.com",
      },
    ];
    for (const original of originals) await createCustomer(from, customerInputSchema("US").parse(original));
    const text = await new Response(exportCustomersCsv(from)).text();
    for (const cell of rawCells(text)) expect(cell).not.toMatch(DANGEROUS);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'+14155552671");
    expect(text).toContain("''=already quoted");

    const to = contextOf(await createTestCompany());
    const report = await importCustomersCsv(to, text);
    expect(report).toMatchObject({ imported: 2, rejected: 0, skipped: 0 });
    const stored = async (ctx: CallerContext) =>
      db
        .select({
          firstName: customers.firstName,
          lastName: customers.lastName,
          mainPhoneNumber: customers.mainPhoneNumber,
          ownCompanyName: customers.ownCompanyName,
          notes: customers.notes,
          email: customers.email,
        })
        .from(customers)
        .where(eq(customers.companyId, ctx.companyId))
        .orderBy(asc(customers.email));
    const before = await stored(from);
    expect(before.map((c) => c.firstName)).toEqual(['=HYPERLINK("http://evil")', "Jane"]);
    expect(before[0].mainPhoneNumber).toBe("+14155552671");
    expect(await stored(to)).toEqual(before);
  });

  it("price book: item names and descriptions starting with -, = or @", async () => {
    const from = contextOf(await createTestCompany());
    const [category] = await db
      .insert(priceListCategories)
      .values({ companyId: from.companyId, categoryName: "-Discounts", type: 1 })
      .returning({ id: priceListCategories.id });
    await db.insert(priceListItems).values([
      {
        companyId: from.companyId,
        categoryId: category.id,
        name: "-5.00 loyalty",
        description: "=1+1",
        priceCents: 500,
        costCents: 0,
        itemType: 1,
      },
      {
        companyId: from.companyId,
        categoryId: category.id,
        name: "@home visit",
        description: "+ travel",
        priceCents: 12_550,
        costCents: 4_000,
        itemType: 1,
        isTaxable: true,
      },
    ]);
    const text = await exportPriceBookCsv(from);
    for (const cell of rawCells(text)) expect(cell).not.toMatch(DANGEROUS);
    expect(text).toContain("'-Discounts,Service,'-5.00 loyalty,Service,Each,5.00,0.00,No,,'=1+1");

    const to = contextOf(await createTestCompany());
    const report = await importPriceBookCsv(to, new File([text], "price-book.csv", { type: "text/csv" }));
    expect(report).toMatchObject({ created: 2, failed: 0 });
    const items = (ctx: CallerContext) =>
      db
        .select({
          category: priceListCategories.categoryName,
          name: priceListItems.name,
          description: priceListItems.description,
          price: priceListItems.priceCents,
          cost: priceListItems.costCents,
          taxable: priceListItems.isTaxable,
        })
        .from(priceListItems)
        .innerJoin(priceListCategories, eq(priceListCategories.id, priceListItems.categoryId))
        .where(and(eq(priceListItems.companyId, ctx.companyId)))
        .orderBy(asc(priceListItems.name));
    expect(await items(to)).toEqual(await items(from));
    expect((await items(to))[0]).toMatchObject({ category: "-Discounts", name: "-5.00 loyalty", description: "=1+1" });
  });

  it("users export and both templates go through the same rule", async () => {
    const company = await createTestCompany();
    await createTestUser(company.companyId, Role.FieldTech, {
      firstName: "=cmd|' /C calc'!A0",
      lastName: "@Tech",
      email: `formula-${Date.now()}@example.com`,
    });
    const users = await exportUsersCsv(contextOf(company));
    for (const cell of rawCells(users)) expect(cell).not.toMatch(DANGEROUS);
    expect(users).toContain("'=cmd|' /C calc'!A0,'@Tech");
    expect(parseCsv<Record<string, string>>(users, { columns: true }).map((r) => r["First Name"])).toContain(
      "=cmd|' /C calc'!A0",
    );
    for (const template of [customersTemplateCsv(), priceBookTemplateCsv()])
      for (const cell of rawCells(template)) expect(cell).not.toMatch(DANGEROUS);
  });
});

describe("a large customer import", () => {
  it("refreshes the planner's statistics of customers and their addresses", async () => {
    const ctx = contextOf(await createTestCompany());
    const header = CSV_COLUMNS.join(",");
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `Imported,Customer ${i},imported${i}@example.com,,,,,,,${100 + i} Main St,,,,,`,
    );
    const report = await importCustomersCsv(ctx, [header, ...lines].join("\n"));
    expect(report).toMatchObject({ imported: 1000, rejected: 0 });
    // reltuples is -1 for a table never analyzed, and the row estimate once it is.
    const estimate = async (table: string) =>
      Number(
        (
          (await db.execute(sql`select reltuples from pg_class where relname = ${table}`)) as unknown as {
            rows: Array<{ reltuples: number | string }>;
          }
        ).rows[0]!.reltuples,
      );
    expect(await estimate("customers")).toBeGreaterThanOrEqual(1000);
    expect(await estimate("customer_addresses")).toBeGreaterThanOrEqual(1000);
  }, 120_000);
});
