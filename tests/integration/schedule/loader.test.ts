import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobs } from "~/db/schema";
import { Role } from "~/access/roles";
import type { GridColumnLayout, MonthDay, ScheduleVisit } from "~/models/schedule/schedule";
import { loader } from "~/routes/_app+/schedule+/_index";
import { useTestDatabase } from "../../helpers/db";
import { createTestUser } from "../../helpers/factories";
import { createCustomerRow, jobsFixture } from "../jobs/fixtures";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { asUser, visitsIn } from "./fixtures";

useTestDatabase();

type Loaded = {
  view: string;
  date: string;
  days: string[];
  visits: ScheduleVisit[];
  visitCount: number;
  grid: { columns: GridColumnLayout[] } | null;
  month: MonthDay[] | null;
  lanes: Array<{ id: number; name: string }> | null;
  employees: Array<{ id: number; name: string }>;
  unscheduled: Array<{ id: number }>;
  employeeIds: number[];
};

/** The loader's answer, with every visit it draws gathered (in start order) as `visits`. */
async function load(userId: number, query: string): Promise<Loaded> {
  const user = await asUser(userId);
  const response = await loader({ request: user.get(`/schedule?${query}`), params: {}, context: {} });
  expect(response.status).toBe(200);
  const data = await response.json();
  const drawn = new Map<number, ScheduleVisit>();
  for (const c of data.grid?.columns ?? [])
    for (const v of [...c.allDay, ...c.placed.map((p: { visit: ScheduleVisit }) => p.visit)]) drawn.set(v.id, v);
  for (const d of data.month ?? []) for (const v of d.visits) drawn.set(v.id, v);
  const visits = [...drawn.values()].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  // Every visit is drawn, except those a full month cell counts without showing.
  const folded = (data.month ?? []).reduce((n: number, d: MonthDay) => n + d.total - d.visits.length, 0);
  expect(visits.length + folded).toBe(data.visitCount);
  return { ...data, visits };
}

const ids = (data: Loaded) => data.visits.map((v) => v.id).sort((a, b) => a - b);

describe("schedule loader: range and time zone", () => {
  it("shows the visits of the week in the company's zone, boundaries included and excluded", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const at = (start: string, end: string) => visitsIn(f, tz)(start, end, { employeeIds: [f.techId] });
    const saturdayBefore = await at("2026-11-21T23:00", "2026-11-21T23:59");
    const sundayEarly = await at("2026-11-22T00:00", "2026-11-22T01:00");
    const saturdayLate = await at("2026-11-28T23:00", "2026-11-28T23:45");
    const nextSunday = await at("2026-11-29T00:00", "2026-11-29T00:30");
    const data = await load(f.adminId, "view=week&date=2026-11-25");
    expect(data.days).toEqual(["22", "23", "24", "25", "26", "27", "28"].map((day) => `2026-11-${day}`));
    expect(ids(data)).toEqual([sundayEarly, saturdayLate]);
    expect(ids(data)).not.toContain(saturdayBefore);
    expect(ids(data)).not.toContain(nextSunday);
    const early = data.visits.find((v) => v.id === sundayEarly)!;
    expect(early).toMatchObject({
      start: "2026-11-22T00:00",
      end: "2026-11-22T01:00",
      customerName: "Grace Hopper",
      status: 1,
      employeeIds: [f.techId],
      isRecurring: false,
    });
  });

  it("a visit still running shows however long ago it started, also once a change made it longer", async () => {
    const tz = "America/Chicago";
    const f = await jobsFixture(tz);
    const at = (start: string, end: string) => visitsIn(f, tz)(start, end, { employeeIds: [f.techId] });
    const months = await at("2026-08-03T08:00", "2026-12-18T17:00");
    await at("2026-08-04T08:00", "2026-08-04T10:00");
    expect(ids(await load(f.adminId, "view=week&date=2026-11-25"))).toEqual([months]);
    expect(ids(await load(f.techId, "view=week&date=2026-11-25"))).toEqual([months]);
    expect(ids(await load(f.adminId, "view=day&date=2026-12-18"))).toEqual([months]);

    const g = await jobsFixture(tz);
    const short = await visitsIn(g, tz)("2026-10-05T08:00", "2026-10-05T09:00", { employeeIds: [g.techId] });
    expect(ids(await load(g.adminId, "view=week&date=2026-11-25"))).toEqual([]);
    await db
      .update(jobs)
      .set({ endTime: wallToInstant("2026-11-24T09:00", tz)! })
      .where(eq(jobs.id, short));
    expect(ids(await load(g.adminId, "view=week&date=2026-11-25"))).toEqual([short]);
    expect(ids(await load(g.techId, "view=month&date=2026-11-25"))).toContain(short);
  });

  it("a month day shows its first three visits in full and counts them all", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const made: number[] = [];
    for (const hour of ["14", "08", "11", "09", "16"])
      made.push(await visitsIn(f, tz)(`2026-02-12T${hour}:00`, `2026-02-12T${hour}:30`));
    const month = await load(f.adminId, "view=month&date=2026-02-10");
    const day = month.month!.find((d) => d.date === "2026-02-12")!;
    expect(day.total).toBe(5);
    expect(month.visitCount).toBe(5);
    expect(day.visits.map((v) => v.id)).toEqual([made[1], made[3], made[2]]);
    expect(day.visits.map((v) => v.start)).toEqual(["2026-02-12T08:00", "2026-02-12T09:00", "2026-02-12T11:00"]);
    expect(day.visits[0]).toMatchObject({
      customerName: expect.stringMatching(/\S/),
      status: 1,
      employeeIds: expect.any(Array),
    });
  });

  it("day and month views cover their days; a malformed query falls back to this week", async () => {
    const tz = "America/Chicago";
    const f = await jobsFixture(tz);
    const inMonth = await visitsIn(f, tz)("2026-02-26T10:00", "2026-02-26T11:00");
    const nextMonthShown = await visitsIn(f, tz)("2026-03-07T10:00", "2026-03-07T11:00");
    const month = await load(f.adminId, "view=month&date=2026-02-10");
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    expect(month.days[0]).toBe("2026-02-01");
    expect(month.days.at(-1)).toBe("2026-02-28");
    expect(ids(month)).toEqual([inMonth]);
    const march = await load(f.adminId, "view=month&date=2026-03-31");
    expect(march.days[0]).toBe("2026-03-01");
    expect(march.days.at(-1)).toBe("2026-04-04");
    expect(ids(march)).toEqual([nextMonthShown]);
    const day = await load(f.adminId, "view=day&date=2026-02-26");
    expect(day.days).toEqual(["2026-02-26"]);
    expect(ids(day)).toEqual([inMonth]);
    const fallback = await load(f.adminId, "view=year&date=2026-02-30&employees=abc");
    expect(fallback.view).toBe("week");
    expect(fallback.days).toHaveLength(7);
    expect(fallback.employeeIds).toEqual([]);
  });

  it("New York spring-forward week: 23-hour Sunday, visits keep their wall-clock times", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const at = visitsIn(f, tz);
    const beforeWeek = await at("2026-03-07T23:30", "2026-03-07T23:45");
    const early = await at("2026-03-08T01:30", "2026-03-08T03:30");
    const nine = await at("2026-03-09T09:00", "2026-03-09T10:00");
    const lastEvening = await at("2026-03-14T23:00", "2026-03-14T23:30");
    const afterWeek = await at("2026-03-15T00:00", "2026-03-15T00:30");
    const data = await load(f.adminId, "view=week&date=2026-03-08");
    expect(ids(data)).toEqual([early, nine, lastEvening]);
    expect(ids(data)).not.toContain(beforeWeek);
    expect(ids(data)).not.toContain(afterWeek);
    const byId = new Map(data.visits.map((v) => [v.id, v]));
    // 01:30 EST to 03:30 EDT is one real hour but two hours on the wall clock.
    expect(byId.get(early)).toMatchObject({ start: "2026-03-08T01:30", end: "2026-03-08T03:30" });
    expect(byId.get(nine)).toMatchObject({ start: "2026-03-09T09:00", end: "2026-03-09T10:00" });
    expect(byId.get(lastEvening)).toMatchObject({ start: "2026-03-14T23:00", end: "2026-03-14T23:30" });
  });

  it("Vancouver fall-back week: both 01:30s show as 01:30, boundaries in PDT and PST", async () => {
    const tz = "America/Vancouver";
    const f = await jobsFixture(tz);
    const { db } = await import("~/db.server");
    const { jobs } = await import("~/db/schema");
    const { eq } = await import("drizzle-orm");
    const at = visitsIn(f, tz);
    const beforeWeek = await at("2026-10-31T23:30", "2026-10-31T23:45");
    const firstOneThirty = await at("2026-11-01T01:30", "2026-11-01T01:45");
    // The second 01:30 (PST) cannot be typed as wall time: place it by its instant.
    const secondOneThirty = await at("2026-11-01T05:00", "2026-11-01T05:15");
    await db
      .update(jobs)
      .set({ startTime: new Date("2026-11-01T09:30:00Z"), endTime: new Date("2026-11-01T09:45:00Z") })
      .where(eq(jobs.id, secondOneThirty));
    const lastEvening = await at("2026-11-07T23:30", "2026-11-07T23:59");
    const afterWeek = await at("2026-11-08T00:00", "2026-11-08T00:15");
    const data = await load(f.adminId, "view=week&date=2026-11-04");
    expect(data.days[0]).toBe("2026-11-01");
    expect(ids(data)).toEqual([firstOneThirty, secondOneThirty, lastEvening]);
    expect(ids(data)).not.toContain(beforeWeek);
    expect(ids(data)).not.toContain(afterWeek);
    const byId = new Map(data.visits.map((v) => [v.id, v]));
    expect(byId.get(firstOneThirty)?.start).toBe("2026-11-01T01:30");
    expect(byId.get(secondOneThirty)?.start).toBe("2026-11-01T01:30");
    expect(byId.get(lastEvening)?.start).toBe("2026-11-07T23:30");
  });

  it("a daily series shows every visit of a DST week at 09:00", async () => {
    const tz = "America/Vancouver";
    const f = await jobsFixture(tz);
    const daily = { recurrence: { frequency: 3, interval: 1, count: 14 } };
    await visitsIn(f, tz)("2026-03-02T09:00", "2026-03-02T10:00", daily, new Date("2026-02-01T00:00:00Z"));
    const data = await load(f.adminId, "view=week&date=2026-03-08");
    expect(data.visits.map((v) => v.start)).toEqual(
      ["08", "09", "10", "11", "12", "13", "14"].map((day) => `2026-03-${day}T09:00`),
    );
    expect(data.visits.every((v) => v.isRecurring)).toBe(true);
  });
});

describe("schedule loader: who sees what", () => {
  it("a field tech sees only their own visits, lane and unscheduled jobs", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const at = visitsIn(f, tz);
    const mine = await at("2026-05-05T09:00", "2026-05-05T10:00", { employeeIds: [f.techId] });
    const shared = await at("2026-05-05T11:00", "2026-05-05T12:00", { employeeIds: [f.otherTechId, f.techId] });
    const theirs = await at("2026-05-05T09:00", "2026-05-05T10:00", { employeeIds: [f.otherTechId] });
    const nobody = await at("2026-05-05T13:00", "2026-05-05T14:00");
    const asTech = await load(f.techId, `view=day&date=2026-05-05&employees=${f.otherTechId}`);
    expect(ids(asTech)).toEqual([mine, shared]);
    expect(asTech.employees.map((e) => e.id)).toEqual([f.techId]);
    expect(asTech.lanes?.map((l) => l.id)).toEqual([f.techId]);
    expect(asTech.employeeIds).toEqual([]);
    const asAdmin = await load(f.adminId, "view=day&date=2026-05-05");
    expect(ids(asAdmin)).toEqual([mine, shared, theirs, nobody].sort((a, b) => a - b));
    expect(asAdmin.lanes?.at(-1)).toEqual({ id: 0, name: "Unassigned", color: null });
    const unassignedLane = asAdmin.grid!.columns.find((c) => c.lane === 0)!;
    expect(unassignedLane.placed.map((p) => p.visit.id)).toEqual([nobody]);
    expect(asAdmin.employees.map((e) => e.id)).toEqual(expect.arrayContaining([f.adminId, f.techId, f.otherTechId]));
    const office = await createTestUser(f.companyId, Role.OfficeStaff);
    const filtered = await load(office.userId, `view=day&date=2026-05-05&employees=${f.otherTechId}`);
    expect(ids(filtered)).toEqual([shared, theirs].sort((a, b) => a - b));
    expect(filtered.employeeIds).toEqual([f.otherTechId]);
  });

  it("another company's visits, employees and unscheduled jobs never appear", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const own = await visitsIn(f, tz)("2026-06-10T09:00", "2026-06-10T10:00", { employeeIds: [f.techId] });
    await visitsIn(other, tz)("2026-06-10T09:00", "2026-06-10T10:00", { employeeIds: [other.techId] });
    const { createJob } = await import("~/models/jobs/jobs.server");
    const { jobCreateSchema } = await import("~/models/jobs/jobs.schema");
    await createJob(other.admin, jobCreateSchema.parse({ customerId: other.customerId, lineItems: [] }));
    const ownUnscheduled = await createJob(
      f.admin,
      jobCreateSchema.parse({ customerId: await createCustomerRow(f.companyId, "Ada", "Lovelace"), lineItems: [] }),
    );
    const data = await load(f.adminId, `view=week&date=2026-06-10&employees=${other.techId}`);
    expect(data.visits).toEqual([]);
    expect(data.employeeIds).toEqual([]);
    const all = await load(f.adminId, "view=month&date=2026-06-10");
    expect(ids(all)).toEqual([own]);
    expect(all.employees.map((e) => e.id)).not.toContain(other.techId);
    expect(all.unscheduled.map((u) => u.id)).toEqual([ownUnscheduled.id]);
  });

  it("sends a visitor to sign in", async () => {
    const response = await loader({
      request: new Request("http://localhost/schedule?view=week"),
      params: {},
      context: {},
    }).catch((r: Response) => r);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fschedule%3Fview%3Dweek");
  });
});
