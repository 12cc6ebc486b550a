import { describe, expect, it } from "vitest";
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
});
