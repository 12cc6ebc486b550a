import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimateEmployees, estimates } from "~/db/schema";
import { EstimateStatus } from "~/models/estimates/estimates.schema";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import type { GridColumnLayout, MonthDay, ScheduleVisit } from "~/models/schedule/schedule";
import { scheduleEstimatesQuery } from "~/models/schedule/schedule-estimates.server";
import { refreshPlannerStatistics } from "~/models/schedule/planner-statistics.server";
import { scheduleBounds, wallToInstant } from "~/models/schedule/schedule.server";
import { action, loader } from "~/routes/_app+/schedule+/_index";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";
import { asUser, visitsIn } from "./fixtures";

useTestDatabase();

const tz = "America/New_York";

/** A scheduled estimate for the fixture's customer at wall-clock times in `tz`. */
async function estimateAt(
  f: JobsFixture,
  start: string,
  end: string,
  more: { employeeIds?: number[]; name?: string; location?: string; isAllDay?: boolean } = {},
) {
  const input = estimateCreateSchema.parse({
    customerId: f.customerId,
    startTime: wallToInstant(start, tz)!.toISOString(),
    endTime: wallToInstant(end, tz)!.toISOString(),
    isAllDay: more.isAllDay ? "on" : undefined,
    timezone: tz,
    employeeIds: more.employeeIds ?? [],
    name: more.name,
    location: more.location,
  });
  return (await createEstimate(f.admin, input)).id;
}

/** Every visit the schedule draws for the user, as [kind, id] keys with the visit. */
async function drawn(userId: number, query: string) {
  const user = await asUser(userId);
  const response = await loader({ request: user.get(`/schedule?${query}`), params: {}, context: {} });
  expect(response.status).toBe(200);
  const data = await response.json();
  const visits: ScheduleVisit[] = [];
  for (const c of (data.grid?.columns ?? []) as GridColumnLayout[])
    visits.push(...c.allDay, ...c.placed.map((p) => p.visit));
  for (const d of (data.month ?? []) as MonthDay[]) visits.push(...d.visits);
  const estimateVisits = new Map(visits.filter((v) => v.estimate).map((v) => [v.id, v]));
  const jobVisits = new Set(visits.filter((v) => !v.estimate).map((v) => v.id));
  return { data, estimates: estimateVisits, jobs: jobVisits };
}

const sorted = (m: Map<number, unknown>) => [...m.keys()].sort((a, b) => a - b);

describe("estimate visits on the schedule", () => {
  it("shows an estimate in range in the week, day and month views with its status, customer and address", async () => {
    const f = await jobsFixture(tz);
    const inRange = await estimateAt(f, "2026-11-24T09:00", "2026-11-24T10:30", {
      employeeIds: [f.techId],
      name: "Roof inspection",
      location: "12 Elm St, Springfield",
    });
    const nextWeek = await estimateAt(f, "2026-12-01T09:00", "2026-12-01T10:00");
    const jobId = await visitsIn(f, tz)("2026-11-24T09:00", "2026-11-24T10:00", { employeeIds: [f.techId] });

    const week = await drawn(f.adminId, "view=week&date=2026-11-25");
    expect(sorted(week.estimates)).toEqual([inRange]);
    expect(week.jobs).toEqual(new Set([jobId]));
    expect(week.data.visitCount).toBe(2);
    expect(week.estimates.get(inRange)).toEqual({
      id: inRange,
      start: "2026-11-24T09:00",
      end: "2026-11-24T10:30",
      status: EstimateStatus.Scheduled,
      isRecurring: false,
      customerName: "Grace Hopper",
      title: expect.stringMatching(/^#\d+ Roof inspection$/),
      employeeIds: [f.techId],
      estimate: true,
      address: "12 Elm St, Springfield",
    });

    const day = await drawn(f.adminId, "view=day&date=2026-11-24");
    expect(sorted(day.estimates)).toEqual([inRange]);
    // The day view's lanes: the estimate sits in its employee's lane only.
    const lanes = (day.data.grid!.columns as GridColumnLayout[]).filter((c) =>
      c.placed.some((p) => p.visit.estimate && p.visit.id === inRange),
    );
    expect(lanes.map((c) => c.lane)).toEqual([f.techId]);

    const month = await drawn(f.adminId, "view=month&date=2026-11-01");
    expect(sorted(month.estimates)).toEqual([inRange, nextWeek]);
    // Without a typed location the estimate takes the customer's first property.
    expect(month.estimates.get(nextWeek)?.address).toBe("1 Main St, Springfield");

    const outOfRange = await drawn(f.adminId, "view=week&date=2026-11-18");
    expect(outOfRange.estimates.size).toBe(0);
  });

  it("never shows another company's estimates, whatever the employee filter names", async () => {
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const foreign = await estimateAt(other, "2026-11-24T09:00", "2026-11-24T10:00", { employeeIds: [other.techId] });
    const own = await estimateAt(f, "2026-11-24T11:00", "2026-11-24T12:00");
    expect(sorted((await drawn(f.adminId, "view=week&date=2026-11-24")).estimates)).toEqual([own]);
    const filtered = await drawn(f.adminId, `view=week&date=2026-11-24&employees=${other.techId}`);
    expect(filtered.estimates.has(foreign)).toBe(false);
    expect((await drawn(other.adminId, "view=week&date=2026-11-24")).estimates.has(own)).toBe(false);
  });

  it("a field tech sees only the estimates assigned to them; the employee filter narrows the office's view", async () => {
    const f = await jobsFixture(tz);
    const mine = await estimateAt(f, "2026-11-24T09:00", "2026-11-24T10:00", { employeeIds: [f.techId] });
    const theirs = await estimateAt(f, "2026-11-24T09:00", "2026-11-24T10:00", { employeeIds: [f.otherTechId] });
    const nobody = await estimateAt(f, "2026-11-25T09:00", "2026-11-25T10:00");
    for (const view of ["day&date=2026-11-24", "week&date=2026-11-24", "month&date=2026-11-01"]) {
      expect(sorted((await drawn(f.techId, `view=${view}`)).estimates)).toEqual([mine]);
      // Asking for another employee changes nothing for a field tech.
      expect(sorted((await drawn(f.techId, `view=${view}&employees=${f.otherTechId}`)).estimates)).toEqual([mine]);
    }
    expect(sorted((await drawn(f.adminId, `view=week&date=2026-11-24&employees=${f.otherTechId}`)).estimates)).toEqual([
      theirs,
    ]);
    expect(sorted((await drawn(f.adminId, "view=week&date=2026-11-24")).estimates)).toEqual([mine, theirs, nobody]);
  });

  it("hides cancelled estimates and keeps declined and copied-to-job ones (the visit took place)", async () => {
    const f = await jobsFixture(tz);
    const [cancelled, declined, copied, sent] = await Promise.all(
      ["09:00", "10:00", "11:00", "12:00"].map((h) =>
        estimateAt(f, `2026-11-24T${h}`, `2026-11-24T${h.replace(":00", ":30")}`),
      ),
    );
    const set = (id: number, status: number) => db.update(estimates).set({ status }).where(eq(estimates.id, id));
    await set(cancelled, EstimateStatus.Cancelled);
    await set(declined, EstimateStatus.Declined);
    await set(copied, EstimateStatus.CopiedToJob);
    await set(sent, EstimateStatus.Sent);
    const week = await drawn(f.adminId, "view=week&date=2026-11-24");
    expect(sorted(week.estimates)).toEqual([declined, copied, sent].sort((a, b) => a - b));
    expect(week.estimates.get(declined)?.status).toBe(9);
  });

  it("a visit started before the range and still running shows; a visit that ended before it does not", async () => {
    const f = await jobsFixture(tz);
    const running = await estimateAt(f, "2026-11-20T00:00", "2026-11-23T23:59", { isAllDay: true });
    await estimateAt(f, "2026-11-19T09:00", "2026-11-19T10:00");
    const week = await drawn(f.adminId, "view=week&date=2026-11-24");
    expect(sorted(week.estimates)).toEqual([running]);
    expect(week.estimates.get(running)).toMatchObject({ isAllDay: true, start: "2026-11-20T00:00" });
  });
});

describe("moving an estimate visit on the calendar", () => {
  async function send(userId: number, id: number, start: string, end: string, more: Record<string, string> = {}) {
    const user = await asUser(userId);
    const request = user.post("/schedule?index", { intent: "move", kind: "estimate", jobId: id, start, end, ...more });
    return action({ request, params: {}, context: {} }).catch((r: Response) => r);
  }
  const times = (id: number) =>
    db
      .select({ startTime: estimates.startTime, endTime: estimates.endTime })
      .from(estimates)
      .where(eq(estimates.id, id));

  it("reschedules through the estimates model, employees' copy of the start included", async () => {
    const f = await jobsFixture(tz);
    const id = await estimateAt(f, "2026-11-24T09:00", "2026-11-24T10:00", { employeeIds: [f.techId] });
    const moved = await send(f.adminId, id, "2026-11-26T13:00", "2026-11-26T14:30");
    expect(moved.status).toBe(302);
    const [row] = await times(id);
    expect(row.startTime!.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    expect(row.endTime!.toISOString()).toBe("2026-11-26T19:30:00.000Z");
    const [assigned] = await db
      .select({ startTime: estimateEmployees.startTime })
      .from(estimateEmployees)
      .where(eq(estimateEmployees.estimateId, id));
    expect(assigned.startTime!.toISOString()).toBe("2026-11-26T18:00:00.000Z");
    // Dropped on another employee's lane, the estimate changes hands.
    await send(f.adminId, id, "2026-11-26T13:00", "2026-11-26T14:30", {
      employeeId: String(f.otherTechId),
      fromEmployeeId: String(f.techId),
    });
    const lanes = await db
      .select({ userId: estimateEmployees.userId })
      .from(estimateEmployees)
      .where(eq(estimateEmployees.estimateId, id));
    expect(lanes.map((r) => r.userId)).toEqual([f.otherTechId]);
  });

  it("refuses what scheduleEstimate refuses, and another company's or an unassigned tech's estimate is a 404", async () => {
    const f = await jobsFixture(tz);
    const finished = await estimateAt(f, "2026-11-24T09:00", "2026-11-24T10:00");
    await db.update(estimates).set({ status: EstimateStatus.Finished }).where(eq(estimates.id, finished));
    const refused = await send(f.adminId, finished, "2026-11-25T09:00", "2026-11-25T10:00");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "A finished estimate cannot be rescheduled" });
    const other = await jobsFixture(tz);
    const foreign = await estimateAt(other, "2026-11-24T09:00", "2026-11-24T10:00");
    expect((await send(f.adminId, foreign, "2026-11-25T09:00", "2026-11-25T10:00")).status).toBe(404);
    const notMine = await estimateAt(f, "2026-11-24T11:00", "2026-11-24T12:00", { employeeIds: [f.otherTechId] });
    expect((await send(f.techId, notMine, "2026-11-25T09:00", "2026-11-25T10:00")).status).toBe(404);
    const [foreignRow] = await times(foreign);
    expect(foreignRow.startTime!.toISOString()).toBe("2026-11-24T14:00:00.000Z");
  });
});

describe("the range query's cost", () => {
  it("reads the (company, start) index, or the employees' index for a field tech, on a few thousand estimates", async () => {
    const f = await jobsFixture(tz);
    const base = Date.parse("2025-01-01T14:00:00Z");
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      companyId: f.companyId,
      number: 1000 + i,
      customerId: f.customerId,
      timezone: tz,
      status: EstimateStatus.Scheduled,
      publicToken: `bulk-${f.companyId}-${i}`,
      startTime: new Date(base + i * 6 * 3_600_000),
      endTime: new Date(base + i * 6 * 3_600_000 + 3_600_000),
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000)
      ids.push(
        ...(
          await db
            .insert(estimates)
            .values(rows.slice(i, i + 1000))
            .returning({ id: estimates.id })
        ).map((r) => r.id),
      );
    await db.insert(estimateEmployees).values(
      ids.map((estimateId, i) => ({
        estimateId,
        companyId: f.companyId,
        userId: i % 2 ? f.techId : f.otherTechId,
        startTime: rows[i].startTime,
      })),
    );
    await refreshPlannerStatistics(estimates);
    await refreshPlannerStatistics(estimateEmployees);
    const { from, to } = scheduleBounds("week", "2025-06-01", tz);
    const plan = async (ctx: typeof f.admin) =>
      (
        (await db.execute(sql`explain ${scheduleEstimatesQuery(ctx, { from, to })}`)) as unknown as {
          rows: Array<Record<string, string>>;
        }
      ).rows
        .map((r) => Object.values(r)[0])
        .join("\n");
    const office = await plan(f.admin);
    expect(office).toContain("estimates_company_start_idx");
    expect(office).not.toMatch(/Seq Scan on estimates/);
    const tech = await plan(f.tech);
    expect(tech).toContain("estimate_employees_company_user_start_idx");
    expect(tech).not.toMatch(/Seq Scan on estimate/);
    expect((await scheduleEstimatesQuery(f.tech, { from, to }))[0]!.visits.length).toBe(14);
  });
});
