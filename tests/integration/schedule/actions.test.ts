import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobEmployees, jobs } from "~/db/schema";
import { EditScope } from "~/models/jobs/jobs.schema";
import { action } from "~/routes/_app+/schedule+/_index";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate, wallTime } from "../jobs/fixtures";
import { asUser, employeesOf, jobTimes, seriesVisits, visitsIn } from "./fixtures";

useTestDatabase();

const tz = "America/New_York";

type Fields = Record<string, string | number | undefined>;

/** Posts an intent ("move", "resize") for one visit to the schedule's action, as the user. */
async function send(userId: number, intent: string, jobId: number, start?: string, end?: string, more: Fields = {}) {
  const user = await asUser(userId);
  const request = user.post("/schedule?index", { intent, jobId, start, end, ...more });
  return action({ request, params: {}, context: {} }).catch((r: Response) => r);
}

/** The fields of a drop on another employee's lane. */
const toLane = (employeeId: number, fromEmployeeId: number) => ({ employeeId, fromEmployeeId });

describe("schedule action: move and resize", () => {
  it("moves a visit to another day and time, then resizes it; redirects back with a toast", async () => {
    const f = await jobsFixture(tz);
    const id = await visitsIn(f, tz)("2026-11-23T09:00", "2026-11-23T10:30", { employeeIds: [f.techId] });
    const back = "/schedule?view=week&date=2026-11-22";
    const moved = await send(f.adminId, "move", id, "2026-11-25T13:15", "2026-11-25T14:45", { returnTo: back });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(back);
    expect(moved.headers.get("Set-Cookie")).toBeTruthy();
    let row = await jobTimes(id);
    expect(row.startTime!.toISOString()).toBe("2026-11-25T18:15:00.000Z");
    expect(row.endTime!.toISOString()).toBe("2026-11-25T19:45:00.000Z");
    const resized = await send(f.adminId, "resize", id, "2026-11-25T13:15", "2026-11-25T16:00", {
      returnTo: "https://evil.example/",
    });
    expect(resized.headers.get("Location")).toBe("/schedule");
    row = await jobTimes(id);
    expect(row.endTime!.toISOString()).toBe("2026-11-25T21:00:00.000Z");
    // The employee index copy of the start follows the move (the technician's range query).
    const [assignment] = await db
      .select({ startTime: jobEmployees.startTime })
      .from(jobEmployees)
      .where(eq(jobEmployees.jobId, id));
    expect(assignment.startTime!.toISOString()).toBe("2026-11-25T18:15:00.000Z");
  });

  it("a move across the spring-forward change keeps the wall-clock time the user dropped on", async () => {
    const vancouver = "America/Vancouver";
    const f = await jobsFixture(vancouver);
    const id = await visitsIn(f, vancouver)("2026-03-06T09:00", "2026-03-06T10:00");
    await send(f.adminId, "move", id, "2026-03-09T09:00", "2026-03-09T10:00");
    const row = await jobTimes(id);
    expect(wallDate(row.startTime!, vancouver)).toBe("2026-03-09");
    expect(wallTime(row.startTime!, vancouver)).toBe("09:00");
    expect(row.startTime!.toISOString()).toBe("2026-03-09T16:00:00.000Z");
  });

  it("dropping on another lane swaps that employee for the lane's, keeping the others", async () => {
    const f = await jobsFixture(tz);
    const id = await visitsIn(f, tz)("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.techId, f.adminId] });
    await send(f.adminId, "move", id, "2026-11-23T11:00", "2026-11-23T12:00", toLane(f.otherTechId, f.techId));
    expect(await employeesOf(id)).toEqual([f.adminId, f.otherTechId].sort((a, b) => a - b));
    await send(f.adminId, "move", id, "2026-11-23T11:00", "2026-11-23T12:00", toLane(0, f.adminId));
    expect(await employeesOf(id)).toEqual([f.otherTechId]);
  });

  it("moves an all-day visit to another day as a whole day", async () => {
    const f = await jobsFixture(tz);
    const id = await visitsIn(f, tz)("2026-11-23T00:00", "2026-11-23T12:00", { isAllDay: true });
    const before = await jobTimes(id);
    expect(wallTime(before.endTime!, tz)).toBe("00:00");
    await send(f.adminId, "move", id, "2026-11-26T00:00", "2026-11-27T00:00", { isAllDay: "on" });
    const row = await jobTimes(id);
    expect(row.startTime!.toISOString()).toBe("2026-11-26T05:00:00.000Z");
    expect(row.endTime!.toISOString()).toBe("2026-11-27T05:00:00.000Z");
  });

  it("asks the jobs model for the chosen series scope: only this, or all open visits", async () => {
    const f = await jobsFixture(tz);
    const weekly = { recurrence: { frequency: 2, interval: 1, daysOfWeek: [0], count: 6 } };
    const first = await visitsIn(f, tz)(
      "2026-10-05T09:00",
      "2026-10-05T10:00",
      weekly,
      new Date("2026-10-01T00:00:00Z"),
    );
    const { seriesId } = await jobTimes(first);
    const visitsOf = () => seriesVisits(seriesId!, f.companyId);
    const visits = await visitsOf();
    expect(visits).toHaveLength(6);
    // Only this: the third Monday moves to Tuesday 14:00; the rest stay.
    await send(f.adminId, "move", visits[2].id, "2026-10-20T14:00", "2026-10-20T15:00", {
      recurrentEventEditOption: EditScope.OnlyThis,
    });
    let after = await visitsOf();
    expect(after.map((v) => `${wallDate(v.startTime!, tz)} ${wallTime(v.startTime!, tz)}`)).toEqual([
      "2026-10-05 09:00",
      "2026-10-12 09:00",
      "2026-10-20 14:00",
      "2026-10-26 09:00",
      "2026-11-02 09:00",
      "2026-11-09 09:00",
    ]);
    // All: every visit moves to 11:00, across the fall-back change too.
    await send(f.adminId, "resize", visits[0].id, "2026-10-05T09:00", "2026-10-05T11:00", {
      recurrentEventEditOption: EditScope.All,
    });
    after = await visitsOf();
    expect(after.length).toBe(6);
    const rows = await Promise.all(after.map((v) => jobTimes(v.id)));
    expect(rows.map((r) => `${wallTime(r.startTime!, tz)}-${wallTime(r.endTime!, tz)}`)).toEqual(
      Array(6).fill("09:00-11:00"),
    );
  });
});

describe("schedule action: refusals", () => {
  it("answers 404 for another company's visit and for a field tech's unassigned visit, touching nothing", async () => {
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const foreign = await visitsIn(other, tz)("2026-11-23T09:00", "2026-11-23T10:00");
    const response = await send(f.adminId, "move", foreign, "2026-11-24T09:00", "2026-11-24T10:00");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ exceptionType: "not_found" });
    expect((await jobTimes(foreign)).startTime!.toISOString()).toBe("2026-11-23T14:00:00.000Z");
    const missing = await send(f.adminId, "move", 99_999_999, "2026-11-24T09:00", "2026-11-24T10:00");
    expect(missing.status).toBe(404);
    const notMine = await visitsIn(f, tz)("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.otherTechId] });
    const asTech = await send(f.techId, "resize", notMine, "2026-11-23T09:00", "2026-11-23T12:00");
    expect(asTech.status).toBe(404);
    expect((await jobTimes(notMine)).endTime!.toISOString()).toBe("2026-11-23T15:00:00.000Z");
  });

  it("lets a field tech move their own visit in time but not hand it to someone else", async () => {
    const f = await jobsFixture(tz);
    const mine = await visitsIn(f, tz)("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.techId] });
    const later = ["2026-11-23T15:00", "2026-11-23T16:00"] as const;
    const moved = await send(f.techId, "move", mine, ...later, toLane(f.techId, f.techId));
    expect(moved.status).toBe(302);
    const handOver = await send(f.techId, "move", mine, ...later, toLane(f.otherTechId, f.techId));
    expect(handOver.status).toBe(403);
    expect(await employeesOf(mine)).toEqual([f.techId]);
  });

  it("refuses an unknown intent, malformed times, an end before the start and a foreign employee", async () => {
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const at = visitsIn(f, tz);
    const id = await at("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.techId] });
    expect((await send(f.adminId, "explode", id)).status).toBe(400);
    const malformed = await send(f.adminId, "move", id, "tomorrow", "2026-11-23T10:00");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors.start).toMatch(/Start must be a date and time/);
    const backwards = await send(f.adminId, "resize", id, "2026-11-23T09:00", "2026-11-23T08:00");
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ errors: { end: "End time must be after start time" } });
    const foreignEmployee = await send(
      f.adminId,
      "move",
      id,
      "2026-11-23T09:00",
      "2026-11-23T10:00",
      toLane(other.techId, f.techId),
    );
    expect(foreignEmployee.status).toBe(400);
    expect(await employeesOf(id)).toEqual([f.techId]);
    const finished = await at("2026-11-23T09:00", "2026-11-23T10:00");
    await db.update(jobs).set({ status: 4 }).where(eq(jobs.id, finished));
    const closed = await send(f.adminId, "move", finished, "2026-11-24T09:00", "2026-11-24T10:00");
    expect(closed.status).toBe(400);
    expect((await closed.json()).message).toBe("A finished job cannot be rescheduled");
  });
});
