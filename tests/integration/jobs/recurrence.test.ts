import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobEmployees, jobs } from "~/db/schema";
import { jobCreateSchema, EditScope, type EditScopeValue } from "~/models/jobs/jobs.schema";
import {
  createJob,
  deleteJob,
  extendSeriesHorizons,
  getJob,
  listJobsPage,
  rescheduleVisit,
} from "~/models/jobs/jobs.server";
import { listScheduleVisits, wallToInstant } from "~/models/schedule/schedule.server";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate, wallTime, type JobsFixture } from "./fixtures";

useTestDatabase();

const NOW = new Date("2025-01-01T12:00:00Z");

async function seriesVisits(seriesId: number) {
  return db
    .select({
      id: jobs.id,
      startTime: jobs.startTime,
      endTime: jobs.endTime,
      status: jobs.status,
      seriesId: jobs.seriesId,
    })
    .from(jobs)
    .where(eq(jobs.seriesId, seriesId))
    .orderBy(asc(jobs.startTime));
}

/** The jobs list's total (the company's counter row) against a count of the table. */
async function expectListTotal(f: JobsFixture, expected: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.companyId, f.companyId));
  expect(n).toBe(expected);
  expect((await listJobsPage(f.admin, { paging: { pageNumber: 1, pageSize: 10, sortSettings: [] } })).total).toBe(
    expected,
  );
}

/** The instant at which a zone's clocks show "YYYY-MM-DDTHH:mm". */
const fromWall = (wall: string, timeZone: string) => wallToInstant(wall, timeZone)!;

/** A series for the fixture's tech whose first visit starts at a wall-clock time and lasts some minutes. */
async function createSeries(
  f: JobsFixture,
  timezone: string,
  firstStart: string,
  minutes: number,
  recurrence: Record<string, unknown>,
) {
  const start = fromWall(firstStart, timezone);
  const input = jobCreateSchema.parse({
    customerId: f.customerId,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * 60_000).toISOString(),
    timezone,
    employeeIds: [f.techId],
    recurrence,
    lineItems: [{ name: "Lawn care", unitPrice: "40" }],
  });
  const { id } = await createJob(f.admin, input, NOW);
  const job = await getJob(f.admin, id);
  return { id, seriesId: job!.seriesId! };
}

/** Reschedules one visit of a series to wall-clock times, in the given scope. */
function moveVisit(
  f: JobsFixture,
  timezone: string,
  id: number,
  [start, end]: [string, string],
  recurrentEventEditOption: EditScopeValue,
  more: { employeeIds?: number[] } = {},
) {
  const times = { startTime: fromWall(start, timezone), endTime: fromWall(end, timezone) };
  return rescheduleVisit(f.admin, { id, ...times, ...more, recurrentEventEditOption, changeRecurrentJobs: true }, NOW);
}

describe("recurrence expansion across daylight-saving changes", () => {
  for (const tz of ["America/New_York", "America/Los_Angeles", "America/Toronto", "America/Vancouver"]) {
    it(`keeps a weekly 9:00 visit at 9:00 in ${tz} across spring and fall changes`, async () => {
      const f = await jobsFixture(tz);
      // Tuesday 2025-03-04 09:00 local; DST begins 2025-03-09 and ends 2025-11-02.
      const weekly = { frequency: 2, interval: 1, daysOfWeek: [1] };
      const { seriesId } = await createSeries(f, tz, "2025-03-04T09:00", 120, weekly);
      const visits = await seriesVisits(seriesId);
      expect(visits.length).toBeGreaterThan(40);
      for (const v of visits) {
        expect(wallTime(v.startTime!, tz)).toBe("09:00");
        expect(wallTime(v.endTime!, tz)).toBe("11:00");
      }
      const offsets = new Set(visits.map((v) => v.startTime!.getUTCHours()));
      expect(offsets.size).toBe(2); // standard and daylight time both occur
      // a series starting after today materialises 12 months from its first visit
      expect(visits.every((v) => v.startTime! <= new Date("2026-03-05T00:00:00Z"))).toBe(true);
      expect(visits.at(-1)!.startTime! > new Date("2026-02-20T00:00:00Z")).toBe(true);
    });
  }

  it("expands monthly set positions (2nd Tuesday), count and until", async () => {
    const tz = "America/Toronto";
    const f = await jobsFixture(tz);
    const series = (recurrence: Record<string, unknown>) => createSeries(f, tz, "2025-01-14T08:30", 60, recurrence);
    const second = await series({ frequency: 1, interval: 1, daysOfWeek: [1], setPosition: 2, count: 6 });
    const days = (await seriesVisits(second.seriesId)).map((v) => wallDate(v.startTime!, tz));
    expect(days).toEqual(["2025-01-14", "2025-02-11", "2025-03-11", "2025-04-08", "2025-05-13", "2025-06-10"]);
    const daily = await series({ frequency: 3, interval: 2, until: fromWall("2025-01-20T23:59", tz).toISOString() });
    expect((await seriesVisits(daily.seriesId)).map((v) => wallDate(v.startTime!, tz))).toEqual([
      "2025-01-14",
      "2025-01-16",
      "2025-01-18",
      "2025-01-20",
    ]);
    const yearly = await series({ frequency: 0, count: 3 });
    expect((await seriesVisits(yearly.seriesId)).length).toBe(2); // the third lies beyond the 12-month horizon
    await extendSeriesHorizons(new Date("2026-02-01T00:00:00Z"));
    expect((await seriesVisits(yearly.seriesId)).map((v) => wallDate(v.startTime!, tz))).toEqual([
      "2025-01-14",
      "2026-01-14",
      "2027-01-14",
    ]);
  });
});

describe("editing one visit of a series", () => {
  it("only this: moves one visit and leaves the others", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const { seriesId } = await createSeries(f, tz, "2025-01-06T09:00", 60, { frequency: 2, count: 5 });
    const visits = await seriesVisits(seriesId);
    const third = visits[2];
    await moveVisit(f, tz, third.id, ["2025-01-21T14:00", "2025-01-21T15:00"], EditScope.OnlyThis);
    const after = await seriesVisits(seriesId);
    expect(after.map((v) => `${wallDate(v.startTime!, tz)} ${wallTime(v.startTime!, tz)}`)).toEqual([
      "2025-01-06 09:00",
      "2025-01-13 09:00",
      "2025-01-21 14:00",
      "2025-01-27 09:00",
      "2025-02-03 09:00",
    ]);
    const [{ startTime }] = await db
      .select({ startTime: jobEmployees.startTime })
      .from(jobEmployees)
      .where(eq(jobEmployees.jobId, third.id));
    expect(startTime?.toISOString()).toBe(fromWall("2025-01-21T14:00", tz).toISOString());
  });

  it("this and following: moves the later visits by the same wall-clock shift across DST, splitting the series", async () => {
    const tz = "America/Los_Angeles";
    const f = await jobsFixture(tz);
    const { seriesId } = await createSeries(f, tz, "2025-02-24T09:00", 60, { frequency: 2, count: 6 }); // Monday
    const visits = await seriesVisits(seriesId);
    // Move the 2nd visit (Mon 03-03) to Tuesday 10:30.
    const result = await moveVisit(
      f,
      tz,
      visits[1].id,
      ["2025-03-04T10:30", "2025-03-04T12:00"],
      EditScope.ThisAndFollowing,
    );
    expect(result!.seriesId).not.toBe(seriesId);
    const old = await seriesVisits(seriesId);
    expect(old.map((v) => v.id)).toEqual([visits[0].id]);
    const moved = await seriesVisits(result!.seriesId!);
    expect(moved.map((v) => v.id)).toEqual(visits.slice(1).map((v) => v.id)); // same records, moved in place
    expect(
      moved.map((v) => `${wallDate(v.startTime!, tz)} ${wallTime(v.startTime!, tz)}-${wallTime(v.endTime!, tz)}`),
    ).toEqual([
      "2025-03-04 10:30-12:00",
      "2025-03-11 10:30-12:00",
      "2025-03-18 10:30-12:00",
      "2025-03-25 10:30-12:00",
      "2025-04-01 10:30-12:00",
    ]);
  });

  it("all: applies a new rule to every open visit in one request, 500 visits", async () => {
    const tz = "America/Vancouver";
    const f = await jobsFixture(tz);
    const { seriesId } = await createSeries(f, tz, "2025-01-02T07:00", 30, { frequency: 3, count: 500 });
    await extendSeriesHorizons(new Date("2026-06-01T00:00:00Z"));
    const visits = await seriesVisits(seriesId);
    expect(visits.length).toBe(500);
    const began = Date.now();
    const result = await moveVisit(f, tz, visits[10].id, ["2025-01-12T08:00", "2025-01-12T09:00"], EditScope.All, {
      employeeIds: [f.otherTechId],
    });
    expect(Date.now() - began).toBeLessThan(15_000);
    const after = await seriesVisits(result!.seriesId!);
    expect(after.length).toBe(500);
    expect(after.every((v) => wallTime(v.startTime!, tz) === "08:00" && wallTime(v.endTime!, tz) === "09:00")).toBe(
      true,
    );
    expect(wallDate(after[0].startTime!, tz)).toBe("2025-01-02");
    const assigned = await db
      .select({ userId: jobEmployees.userId })
      .from(jobEmployees)
      .where(and(eq(jobEmployees.companyId, f.companyId), eq(jobEmployees.userId, f.otherTechId)));
    expect(assigned.length).toBe(500);
    const week = { from: fromWall("2025-03-03T00:00", tz), to: fromWall("2025-03-10T00:00", tz), timezone: tz };
    const techWeek = await listScheduleVisits(f.otherTech, week);
    expect(techWeek.map((v) => v.start.slice(11, 16))).toEqual(Array(7).fill("08:00"));
    expect(await listScheduleVisits(f.tech, week)).toEqual([]);
  });

  it("deletes with the three scopes", async () => {
    const tz = "America/New_York";
    const f = await jobsFixture(tz);
    const { seriesId } = await createSeries(f, tz, "2025-01-06T09:00", 60, { frequency: 2 });
    const visits = await seriesVisits(seriesId);
    expect(visits.length).toBe(53);
    await expectListTotal(f, 53);
    await deleteJob(f.admin, visits[1].id, EditScope.OnlyThis);
    expect((await seriesVisits(seriesId)).length).toBe(52);
    await expectListTotal(f, 52);
    await deleteJob(f.admin, visits[10].id, EditScope.ThisAndFollowing);
    expect((await seriesVisits(seriesId)).length).toBe(9);
    await extendSeriesHorizons(new Date("2026-06-01T00:00:00Z"));
    expect((await seriesVisits(seriesId)).length).toBe(9); // the cut series does not grow back
    await expectListTotal(f, 9);
    await deleteJob(f.admin, visits[5].id, EditScope.All);
    expect((await seriesVisits(seriesId)).length).toBe(0);
    await expectListTotal(f, 0);
  });
});
