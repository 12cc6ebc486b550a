import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobs, users } from "~/db/schema";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { action, loader } from "~/routes/_app+/jobs+/$jobId.schedule";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, wallDate, wallTime, type JobsFixture } from "../jobs/fixtures";
import { asUser, employeesOf, jobTimes, seriesVisits, visitsIn } from "./fixtures";

useTestDatabase();

const tz = "America/New_York";

async function unscheduledJob(f: JobsFixture) {
  const { id } = await createJob(
    f.admin,
    jobCreateSchema.parse({ customerId: f.customerId, name: "Furnace tune-up", lineItems: [] }),
  );
  return id;
}

async function getPage(userId: number, jobId: number, query = "") {
  const user = await asUser(userId);
  return loader({
    request: user.get(`/jobs/${jobId}/schedule${query}`),
    params: { jobId: String(jobId) },
    context: {},
  }).catch((r: Response) => r);
}

async function save(
  userId: number,
  jobId: number,
  fields: Record<string, string | number | undefined>,
  query = "",
  extra: Array<[string, string]> = [],
) {
  const user = await asUser(userId);
  const request = user.post(`/jobs/${jobId}/schedule${query}`, fields);
  const body = new URLSearchParams(await request.text());
  for (const [k, v] of extra) body.append(k, v);
  return action({
    request: new Request(request.url, { method: "POST", headers: request.headers, body }),
    params: { jobId: String(jobId) },
    context: {},
  }).catch((r: Response) => r);
}

const basic = (employeeId: number) => ({
  startDate: "2026-03-08",
  startTime: "9:30 am",
  endDate: "2026-03-08",
  endTime: "11:00 am",
  employeeIds: employeeId,
  recurrenceOption: "never",
  endOption: "never",
  on: "day",
});

describe("/jobs/:jobId/schedule", () => {
  it("schedules an unscheduled job on the spring-forward day and goes back where the user came from", async () => {
    const f = await jobsFixture(tz);
    const id = await unscheduledJob(f);
    const page = await getPage(f.adminId, id, "?date=2026-03-08&returnTo=%2Fschedule%3Fview%3Dweek");
    const data = await page.json();
    expect(data.defaults).toMatchObject({
      startDate: "2026-03-08",
      startTime: "09:00 am",
      endTime: "10:00 am",
      employeeIds: [],
    });
    expect(data.backTo).toBe("/schedule?view=week");
    const response = await save(
      f.adminId,
      id,
      { ...basic(f.techId), arrivalWindowOffset: "30", sendAppointmentReminder: "on" },
      "?returnTo=%2Fschedule%3Fview%3Dweek",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/schedule?view=week");
    const row = await jobTimes(id);
    expect(row.status).toBe(1);
    expect(row.startTime!.toISOString()).toBe("2026-03-08T13:30:00.000Z");
    expect(row.endTime!.toISOString()).toBe("2026-03-08T15:00:00.000Z");
    const [job] = await db
      .select({ arrival: jobs.arrivalWindowOffset, reminder: jobs.sendAppointmentReminder })
      .from(jobs)
      .where(eq(jobs.id, id));
    expect(job).toEqual({ arrival: 30, reminder: true });
    expect(await employeesOf(id)).toEqual([f.techId]);
    const again = await (await getPage(f.adminId, id)).json();
    expect(again.defaults).toMatchObject({
      startDate: "2026-03-08",
      startTime: "09:30 am",
      endTime: "11:00 am",
      arrivalWindowOffset: 30,
      employeeIds: [f.techId],
    });
  });

  it("keeps the values and puts the spec's messages on the fields", async () => {
    const f = await jobsFixture(tz);
    const id = await unscheduledJob(f);
    const response = await save(f.adminId, id, {
      startDate: "2026-03-08",
      startTime: "13:00 pm",
      endTime: "",
      recurrenceOption: "2",
      endOption: "after",
      on: "day",
      description: "Bring the ladder",
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      fieldErrors: {
        employeeIds: "At least 1 employee should be selected",
        startTime: "Start time must be like 09:30 am",
        weekDays: "Choose at least one day of the week",
        count: "Number of visits is required",
      },
      repopulateFields: { startTime: "13:00 pm", description: "Bring the ladder" },
    });
    const backwards = await save(f.adminId, id, { ...basic(f.techId), endTime: "9:00 am" });
    expect((await backwards.json()).fieldErrors).toEqual({ endTime: "End time must be after start time" });
    const missing = await save(f.adminId, id, { ...basic(f.techId), startDate: "", startTime: "" });
    expect((await missing.json()).fieldErrors).toMatchObject({
      startDate: "Start date is required",
      startTime: "Start time is required",
    });
    expect((await jobTimes(id)).status).toBe(0);
  });

  it("creates a weekly series that ends after N visits, and 'set as default' saves the arrival window", async () => {
    const f = await jobsFixture("America/Vancouver");
    const id = await unscheduledJob(f);
    const response = await save(
      f.adminId,
      id,
      {
        ...basic(f.techId),
        startDate: "2026-10-20",
        endDate: "2026-10-20",
        recurrenceOption: "2",
        interval: "1",
        endOption: "after",
        count: "4",
        arrivalWindowOffset: "45",
        setArrivalWindowOffsetAsDefault: "on",
      },
      "",
      [
        ["weekDays", "1"],
        ["weekDays", "3"],
      ],
    );
    expect(response.status).toBe(302);
    const { seriesId } = await jobTimes(id);
    const visits = await seriesVisits(seriesId!);
    // Tuesdays and Thursdays from Tue Oct 20, across the Nov 1 change, at 09:30 local.
    expect(
      visits.map(
        (v) => `${wallDate(v.startTime!, "America/Vancouver")} ${wallTime(v.startTime!, "America/Vancouver")}`,
      ),
    ).toEqual(["2026-10-20 09:30", "2026-10-22 09:30", "2026-10-27 09:30", "2026-10-29 09:30"]);
    const [admin] = await db
      .select({ offset: users.defaultArrivalWindowOffset })
      .from(users)
      .where(eq(users.id, f.adminId));
    expect(admin.offset).toBe(45);
    const page = await (await getPage(f.adminId, id)).json();
    expect(page.defaults).toMatchObject({
      recurrenceOption: "2",
      weekDays: [1, 3],
      endOption: "after",
      count: 4,
      recurrentEventEditOption: 0,
    });
  });

  it("asks the scope for a series visit: 'this and following' moves the later visits only", async () => {
    const f = await jobsFixture(tz);
    const now = new Date("2026-10-01T00:00:00Z");
    const first = await visitsIn(f, tz)(
      "2026-10-05T09:00",
      "2026-10-05T10:00",
      { employeeIds: [f.techId], recurrence: { frequency: 2, interval: 1, daysOfWeek: [0], count: 4 } },
      now,
    );
    const { seriesId } = await jobTimes(first);
    const visits = await seriesVisits(seriesId!);
    const third = visits[2].id;
    const page = await (await getPage(f.adminId, third)).json();
    const response = await save(f.adminId, third, {
      ...page.defaults,
      employeeIds: f.techId,
      weekDays: 0,
      startTime: "02:00 pm",
      endTime: "03:00 pm",
      recurrentEventEditOption: "1",
      description: "",
    });
    expect(response.status).toBe(302);
    const rows = await Promise.all(visits.map((v) => jobTimes(v.id)));
    expect(rows.map((r) => (r ? wallTime(r.startTime!, tz) : "gone"))).toEqual(["09:00", "09:00", "14:00", "14:00"]);
  });

  it("answers 404 for another company's job and for a field tech's unassigned job; a tech keeps the assignment", async () => {
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const foreign = await unscheduledJob(other);
    expect((await getPage(f.adminId, foreign)).status).toBe(404);
    expect((await save(f.adminId, foreign, basic(f.techId))).status).toBe(404);
    expect((await jobTimes(foreign)).status).toBe(0);
    expect((await getPage(f.adminId, 0)).status).toBe(404);
    const at = visitsIn(f, tz);
    const notMine = await at("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.otherTechId] });
    expect((await getPage(f.techId, notMine)).status).toBe(404);
    const mine = await at("2026-11-23T09:00", "2026-11-23T10:00", { employeeIds: [f.techId, f.otherTechId] });
    const page = await (await getPage(f.techId, mine)).json();
    expect(page.lockedEmployees).toBe(true);
    const response = await save(f.techId, mine, { ...basic(f.techId), startDate: "2026-11-24", endDate: "2026-11-24" });
    expect(response.status).toBe(302);
    expect(await employeesOf(mine)).toEqual([f.techId, f.otherTechId].sort((a, b) => a - b));
    expect(wallDate((await jobTimes(mine)).startTime!, tz)).toBe("2026-11-24");
  });

  it("schedules an all-day visit over two days", async () => {
    const f = await jobsFixture(tz);
    const id = await unscheduledJob(f);
    const response = await save(f.adminId, id, {
      ...basic(f.techId),
      isAllDay: "on",
      startTime: "",
      endTime: "",
      startDate: "2026-11-02",
      endDate: "2026-11-03",
    });
    expect(response.status).toBe(302);
    const row = await jobTimes(id);
    expect(row.startTime!.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(row.endTime!.toISOString()).toBe("2026-11-04T05:00:00.000Z");
    const page = await (await getPage(f.adminId, id)).json();
    expect(page.defaults).toMatchObject({ isAllDay: true, startDate: "2026-11-02", endDate: "2026-11-03" });
  });
});
