import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { listJobsPage } from "~/models/jobs/jobs.server";
import { listScheduleVisits } from "~/models/schedule/schedule.server";
import { Role } from "~/access/roles";
import { createTestUser } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow, jobsFixture } from "./fixtures";

useTestDatabase();

describe("seedJobs", () => {
  it("bulk inserts jobs over years with employees and line items", async () => {
    const f = await jobsFixture();
    // Listed twice: two thirds of the jobs, more than the count cap of a filtered list.
    const customerIds = [f.customerId, f.customerId, await createCustomerRow(f.companyId, "Bob", "Builder")];
    const employeeIds = [f.techId, f.otherTechId, (await createTestUser(f.companyId, Role.FieldTech)).userId];
    const count = Number(process.env.SEED_JOBS_COUNT ?? 20_000);
    await seedJobs(f.companyId, { count, employeeIds, customerIds, years: 3, now: new Date("2026-06-01T00:00:00Z") });
    const page = await listJobsPage(f.admin, { paging: { pageNumber: 2, pageSize: 25, sortSettings: [] } });
    expect(page.items).toHaveLength(25);
    // The whole company's total comes from the counter, exact; a filtered one is counted up to the cap.
    expect(page.total).toBe(count);
    expect(page.totalIsCapped).toBe(false);
    const filtered = await listJobsPage(f.admin, {
      paging: { pageNumber: 1, pageSize: 25, sortSettings: [] },
      customerId: f.customerId,
    });
    expect(filtered.total).toBe(10_000);
    expect(filtered.totalIsCapped).toBe(true);
    const week = await listScheduleVisits(f.tech, {
      from: new Date("2026-03-02T00:00:00Z"),
      to: new Date("2026-03-09T00:00:00Z"),
      timezone: "UTC",
    });
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((v) => v.employeeIds.includes(f.techId))).toBe(true);
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from job_line_items where company_id = ${f.companyId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = rows[0].n;
    expect(n).toBe(count);
  }, 180_000);
});
