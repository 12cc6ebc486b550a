import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobs } from "~/db/schema";
import { byCustomerName, listPagePlan } from "~/models/list-pages.server";
import { listCustomersPage } from "~/models/customers/customers.server";
import { listJobsPage } from "~/models/jobs/jobs.server";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { createCustomerRow, jobsFixture } from "./jobs/fixtures";
import { useTestDatabase } from "../helpers/db";
import { accessFor, createTestCompany } from "../helpers/factories";

useTestDatabase();

/*
 * A page in the second half of an unfiltered list is read from the list's far end (the sort index
 * walked backward with the mirrored offset). Walking every page must give exactly the list read in
 * one page, for every sort and direction, the last short page included.
 */

const PAGE = 7;

async function walk<T extends { id: number }>(
  total: number,
  read: (pageNumber: number, pageSize: number) => Promise<T[]>,
) {
  const pages: number[] = [];
  for (let page = 1; (page - 1) * PAGE < total; page++) pages.push(...(await read(page, PAGE)).map((row) => row.id));
  return { pages, whole: (await read(1, total)).map((row) => row.id) };
}

describe("deep pages read from the far end", () => {
  it("jobs: every sort, both directions", async () => {
    const f = await jobsFixture();
    const customerIds = [f.customerId, await createCustomerRow(f.companyId, "Bob", "Builder")];
    const count = 45;
    await seedJobs(f.companyId, { count, employeeIds: [f.techId], customerIds, years: 1, now: new Date("2026-06-01") });
    for (const fieldName of ["startTime", "name", "customerName", "status", "total", "createdAt"])
      for (const descending of [false, true]) {
        const sortSettings = [{ fieldName, descending }];
        const { pages, whole } = await walk(count, async (pageNumber, pageSize) => {
          const page = await listJobsPage(f.admin, { paging: { pageNumber, pageSize, sortSettings } });
          expect(page.total).toBe(count);
          return page.items;
        });
        expect(pages, `${fieldName} ${descending ? "desc" : "asc"}`).toEqual(whole);
        expect(new Set(pages).size).toBe(count);
      }
  });

  it("customers: every sort, both directions", async () => {
    // Customers are counted by the model's writes (the seed's included), so none is inserted by hand here.
    const company = await createTestCompany();
    const { ctx } = await accessFor(company.userId);
    const count = 40;
    await seedCustomers(company.companyId, count);
    for (const sortField of [null, "company", "billingAddress", "createdAt"])
      for (const descending of [false, true]) {
        const { pages, whole } = await walk(count, async (pageNumber, pageSize) => {
          const page = await listCustomersPage(ctx, { pageNumber, pageSize, sortField, descending });
          expect(page.total).toBe(count);
          return page.items;
        });
        expect(pages, `${sortField ?? "name"} ${descending ? "desc" : "asc"}`).toEqual(whole);
        expect(new Set(pages).size).toBe(count);
      }
  });

  it("jobs by customer name: the customers' name index gives the order, no sort of every job", async () => {
    const f = await jobsFixture();
    const customerIds = [f.customerId, await createCustomerRow(f.companyId, "Bob", "Builder")];
    await seedJobs(f.companyId, {
      count: 20,
      employeeIds: [f.techId],
      customerIds,
      years: 1,
      now: new Date("2026-06-01"),
    });
    const plan = listPagePlan({
      table: jobs,
      id: jobs.id,
      where: eq(jobs.companyId, f.companyId),
      sortKeys: byCustomerName,
      customerForSort: { customerId: jobs.customerId, companyId: f.companyId },
      descending: false,
      offset: 0,
      pageSize: 10,
      companyTotal: null,
      cap: 100,
    });
    // With 20 rows any plan is cheap: forbid full sorts and scans so the planner shows the path it
    // has for 200,000 jobs (the bench's), which only exists when the query is shaped for it.
    const lines = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute(sql`explain ${tx.select({ id: plan.page.pageId }).from(plan.page)}`);
      return (explained as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
    });
    const text = lines.join("\n");
    expect(text).toContain("customers_company_name_all_idx");
    expect(text).not.toMatch(/^\s*(->\s*)?Sort\s+\(/m);
  });
});
