import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobEmployees, jobs } from "~/db/schema";
import { jobCreateSchema, EditScope } from "~/models/jobs/jobs.schema";
import {
  createJob,
  deleteJob,
  extendSeriesHorizons,
  getJob,
  listJobsPage,
  rescheduleVisit,
} from "~/models/jobs/jobs.server";
import { listScheduleVisits } from "~/models/schedule/schedule.server";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate, wallTime } from "./fixtures";

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
async function expectListTotal(f: Awaited<ReturnType<typeof jobsFixture>>, expected: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.companyId, f.companyId));
  expect(n).toBe(expected);
  expect((await listJobsPage(f.admin, { paging: { pageNumber: 1, pageSize: 10, sortSettings: [] } })).total).toBe(
    expected,
  );
}

async function createSeries(
  f: Awaited<ReturnType<typeof jobsFixture>>,
  start: string,
  end: string,
  recurrence: Record<string, unknown>,
  timezone: string,
) {
  const input = jobCreateSchema.parse({
    customerId: f.customerId,
    startTime: start,
    endTime: end,
    timezone,
    employeeIds: [f.techId],
    recurrence,
    lineItems: [{ name: "Lawn care", unitPrice: "40" }],
  });
  const { id } = await createJob(f.admin, input, NOW);
  const job = await getJob(f.admin, id);
  return { id, seriesId: job!.seriesId! };
}

describe("recurrence expansion across daylight-saving changes", () => {
  for (const tz of ["America/New_York", "America/Los_Angeles", "America/Toronto", "America/Vancouver"]) {
    it(`keeps a weekly 9:00 visit at 9:00 in ${tz} across spring and fall changes`, async () => {
      const f = await jobsFixture(tz);
      // Tuesday 2025-03-04 09:00 local; DST begins 2025-03-09 and ends 2025-11-02.
      const start = fromWall("2025-03-04T09:00", tz);
      const end = new Date(start.getTime() + 2 * 3600_000);
      const { seriesId } = await createSeries(
        f,
        start.toISOString(),
        end.toISOString(),
        { frequency: 2, interval: 1, daysOfWeek: [1] },
        tz,
      );
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
    const start = fromWall("2025-01-14T08:30", tz);
    const second = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 1, interval: 1, daysOfWeek: [1], setPosition: 2, count: 6 },
      tz,
    );
    const days = (await seriesVisits(second.seriesId)).map((v) => wallDate(v.startTime!, tz));
    expect(days).toEqual(["2025-01-14", "2025-02-11", "2025-03-11", "2025-04-08", "2025-05-13", "2025-06-10"]);
    const daily = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 3, interval: 2, until: fromWall("2025-01-20T23:59", tz).toISOString() },
      tz,
    );
    expect((await seriesVisits(daily.seriesId)).map((v) => wallDate(v.startTime!, tz))).toEqual([
      "2025-01-14",
      "2025-01-16",
      "2025-01-18",
      "2025-01-20",
    ]);
    const yearly = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 0, count: 3 },
      tz,
    );
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
    const start = fromWall("2025-01-06T09:00", tz);
    const { seriesId } = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 2, count: 5 },
      tz,
    );
    const visits = await seriesVisits(seriesId);
    const third = visits[2];
    await rescheduleVisit(
      f.admin,
      {
        id: third.id,
        startTime: fromWall("2025-01-21T14:00", tz),
        endTime: fromWall("2025-01-21T15:00", tz),
        recurrentEventEditOption: EditScope.OnlyThis,
        changeRecurrentJobs: true,
      },
      NOW,
    );
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
    const start = fromWall("2025-02-24T09:00", tz); // Monday
    const { seriesId } = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 2, count: 6 },
      tz,
    );
    const visits = await seriesVisits(seriesId);
    // Move the 2nd visit (Mon 03-03) to Tuesday 10:30.
    const result = await rescheduleVisit(
      f.admin,
      {
        id: visits[1].id,
        startTime: fromWall("2025-03-04T10:30", tz),
        endTime: fromWall("2025-03-04T12:00", tz),
        recurrentEventEditOption: EditScope.ThisAndFollowing,
        changeRecurrentJobs: true,
      },
      NOW,
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
    const start = fromWall("2025-01-02T07:00", tz);
    const { seriesId } = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 1800_000).toISOString(),
      { frequency: 3, count: 500 },
      tz,
    );
    await extendSeriesHorizons(new Date("2026-06-01T00:00:00Z"));
    const visits = await seriesVisits(seriesId);
    expect(visits.length).toBe(500);
    const began = Date.now();
    const result = await rescheduleVisit(
      f.admin,
      {
        id: visits[10].id,
        startTime: fromWall("2025-01-12T08:00", tz),
        endTime: fromWall("2025-01-12T09:00", tz),
        employeeIds: [f.otherTechId],
        recurrentEventEditOption: EditScope.All,
        changeRecurrentJobs: true,
      },
      NOW,
    );
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
    const start = fromWall("2025-01-06T09:00", tz);
    const { seriesId } = await createSeries(
      f,
      start.toISOString(),
      new Date(start.getTime() + 3600_000).toISOString(),
      { frequency: 2 },
      tz,
    );
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

/** The instant at which a zone's clocks show "YYYY-MM-DDTHH:mm". */
function fromWall(wall: string, timeZone: string): Date {
  const guess = new Date(`${wall}:00Z`);
  const shown = new Date(
    new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .format(guess)
      .replace(" ", "T") + "Z",
  );
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime()));
}
