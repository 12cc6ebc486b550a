import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, customers, estimates, invoicePayments, invoices, jobs } from "~/db/schema";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany } from "../../helpers/factories";

useTestDatabase();

type Query = Parameters<typeof db.execute>[0];
const rowsOf = async (query: Query) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** Each rollup next to the same figures counted from its source rows: they must agree row for row. */
async function mismatches(companyId: number) {
  const pairs = {
    jobStatus: [
      sql`select status, count from job_status_counts where company_id = ${companyId} and count <> 0`,
      sql`select status, count(*)::int as count from jobs where company_id = ${companyId} group by status`,
    ],
    estimateStatus: [
      sql`select status, count from estimate_status_counts where company_id = ${companyId} and count <> 0`,
      sql`select status, count(*)::int as count from estimates where company_id = ${companyId} group by status`,
    ],
    invoiceStatus: [
      sql`select status, count, total_cents::bigint as total, paid_cents::bigint as paid from invoice_status_totals
          where company_id = ${companyId} and (count <> 0 or total_cents <> 0 or paid_cents <> 0)`,
      sql`select status, count(*)::int as count, sum(total_cents)::bigint as total, sum(paid_cents)::bigint as paid
          from invoices where company_id = ${companyId} group by status`,
    ],
    invoiceDays: [
      sql`select day::text, status, count, total_cents::bigint as total, tax_cents::bigint as tax from invoice_days
          where company_id = ${companyId} and (count <> 0 or total_cents <> 0 or tax_cents <> 0)`,
      sql`select issue_date::text as day, status, count(*)::int as count, sum(total_cents)::bigint as total,
          sum(tax_cents)::bigint as tax from invoices where company_id = ${companyId} group by issue_date, status`,
    ],
    paymentDays: [
      sql`select day::text, method, count, amount_cents::bigint as amount from payment_days
          where company_id = ${companyId} and (count <> 0 or amount_cents <> 0)`,
      sql`select (p.paid_at at time zone c.timezone)::date::text as day, p.method, count(*)::int as count,
          sum(p.amount_cents)::bigint as amount from invoice_payments p join companies c on c.id = p.company_id
          where p.company_id = ${companyId} and p.status in (0, 1) group by 1, 2`,
    ],
  };
  const sorted = (rows: unknown[]) =>
    rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? Number(v) : v))).sort();
  const out: Record<string, { rollup: string[]; rows: string[] }> = {};
  for (const [name, [rollup, rows]] of Object.entries(pairs)) {
    const a = sorted(await rowsOf(rollup));
    const b = sorted(await rowsOf(rows));
    if (JSON.stringify(a) !== JSON.stringify(b)) out[name] = { rollup: a, rows: b };
  }
  return out;
}

describe("dashboard and report rollups (migration 0015)", () => {
  it("agree with their rows through inserts, updates and deletes", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const [customer] = await db
      .insert(customers)
      .values({ companyId: company.companyId, firstName: "Ada", lastName: "Lopez" })
      .returning();
    const jobRows = await db
      .insert(jobs)
      .values(
        [0, 1, 1, 4, 6].map((status, i) => ({
          companyId: company.companyId,
          customerId: customer.id,
          name: `Job ${i}`,
          status,
          timezone: "UTC",
          publicToken: `t-${company.companyId}-${i}`,
        })),
      )
      .returning();
    await db.execute(sql`update jobs set status = 4 where id = ${jobRows[1].id}`);
    await db.execute(sql`update jobs set name = 'Renamed' where company_id = ${company.companyId}`);
    await db.execute(sql`delete from jobs where id = ${jobRows[0].id}`);

    await db.update(companies).set({ timezone: "America/Los_Angeles" }).where(eq(companies.id, company.companyId));
    const invoiceRows = await db
      .insert(invoices)
      .values(
        [
          { number: 1, status: 0, issueDate: "2026-10-01", totalCents: 10_000, taxCents: 800 },
          { number: 2, status: 1, issueDate: "2026-10-01", totalCents: 25_050, taxCents: 0 },
          { number: 3, status: 1, issueDate: "2026-10-31", totalCents: 2_000_000_000, taxCents: 5 },
          { number: 4, status: 1, issueDate: "2026-11-02", totalCents: 2_000_000_000, taxCents: 5 },
        ].map((row) => ({
          ...row,
          companyId: company.companyId,
          customerId: customer.id,
          dueDate: "2026-12-01",
          publicToken: `i-${company.companyId}-${row.number}`,
        })),
      )
      .returning();
    await db.insert(invoicePayments).values([
      {
        companyId: company.companyId,
        invoiceId: invoiceRows[1].id,
        method: 0,
        amountCents: 5_050,
        idempotencyKey: "a",
        paidAt: new Date("2026-11-01T03:00:00Z"),
      },
      {
        companyId: company.companyId,
        invoiceId: invoiceRows[1].id,
        method: 2,
        amountCents: 20_000,
        idempotencyKey: "b",
        status: 2,
      },
    ]);
    await db.execute(
      sql`update invoice_payments set status = 0 where idempotency_key = 'b' and company_id = ${company.companyId}`,
    );
    await db.execute(sql`update invoices set status = 2, paid_cents = 25050 where id = ${invoiceRows[1].id}`);
    await db.execute(sql`update invoices set issue_date = '2026-11-03' where id = ${invoiceRows[0].id}`);
    await db.execute(sql`delete from invoices where id = ${invoiceRows[3].id}`);
    const estimateRows = await db
      .insert(estimates)
      .values(
        [7, 7, 2].map((status, i) => ({
          companyId: company.companyId,
          customerId: customer.id,
          number: i + 1,
          status,
          timezone: "UTC",
          publicToken: `e-${company.companyId}-${i}`,
        })),
      )
      .returning();
    await db.execute(sql`update estimates set status = 9 where id = ${estimateRows[0].id}`);
    await db.execute(sql`delete from estimates where id = ${estimateRows[2].id}`);

    expect(await mismatches(company.companyId)).toEqual({});
    expect(await mismatches(other.companyId)).toEqual({});

    // A payment at 03:00 UTC on 1 November is 31 October in the company's Los Angeles.
    expect(
      await rowsOf(sql`select day::text from payment_days where company_id = ${company.companyId} and method = 0`),
    ).toEqual([{ day: "2026-10-31" }]);

    // Deleting the company takes its rollups with it (the cascade's triggers never re-create them).
    await db.execute(sql`delete from companies where id = ${company.companyId}`);
    const left = await rowsOf(
      sql`select (select count(*) from job_status_counts where company_id = ${company.companyId})::int
        + (select count(*) from invoice_status_totals where company_id = ${company.companyId})::int
        + (select count(*) from payment_days where company_id = ${company.companyId})::int as n`,
    );
    expect(left[0]).toEqual({ n: 0 });
  });
});
