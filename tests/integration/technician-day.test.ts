import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, jobEmployees, jobs, jobTimelineEvents } from "~/db/schema";
import { estimateCreateSchema, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { JobStatus, TimelineEvent } from "~/models/jobs/jobs.schema";
import { updateJobStatus } from "~/models/jobs/jobs.server";
import { agendaBounds, agendaQuery, listAgendaVisits } from "~/models/schedule/schedule-agenda.server";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { action as jobAction, loader as jobLoader } from "~/routes/_app+/jobs+/$id";
import { loader as scheduleLoader } from "~/routes/_app+/schedule+/_index";
import { keyFromUrl, readStoredFile } from "~/services/storage.server";
import { useTestDatabase } from "../helpers/db";
import { sessionCookie } from "../helpers/factories";
import { formPost, jobsFixture, run, type JobsFixture } from "./jobs/fixtures";
import { visitsIn } from "./schedule/fixtures";

useTestDatabase();

const tz = "America/Los_Angeles";

async function estimateAt(f: JobsFixture, start: string, end: string, employeeIds: number[]) {
  const input = estimateCreateSchema.parse({
    customerId: f.customerId,
    startTime: wallToInstant(start, tz)!.toISOString(),
    endTime: wallToInstant(end, tz)!.toISOString(),
    timezone: tz,
    employeeIds,
    location: "9 Elm St",
  });
  return (await createEstimate(f.admin, input)).id;
}

const postJob = async (userId: number, jobId: number, fields: Record<string, string>) =>
  run(jobAction, `/jobs/${jobId}`, { cookie: await sessionCookie(userId), ...formPost(fields) }, { id: String(jobId) });

const errorsOf = async (res: Response) => ((await res.json()) as { errors: Record<string, string> }).errors;

describe("the technician's day agenda", () => {
  it("lists the user's own job and estimate visits of the day in the company's zone, in start order", async () => {
    const f = await jobsFixture(tz);
    await db.update(customers).set({ mainPhoneNumber: "(555) 010-2030" }).where(eq(customers.id, f.customerId));
    const at = visitsIn(f, tz);
    const mine = { employeeIds: [f.techId] };
    const lateNightBefore = await at("2026-11-24T23:30", "2026-11-24T23:59", mine);
    const overnight = await at("2026-11-24T22:00", "2026-11-25T01:00", mine, undefined);
    const midnight = await at("2026-11-25T00:00", "2026-11-25T00:30", mine);
    const afternoon = await at("2026-11-25T14:00", "2026-11-25T15:30", { ...mine, name: "Replace filter" });
    const lastMinute = await at("2026-11-25T23:59", "2026-11-26T00:30", mine);
    const nextMidnight = await at("2026-11-26T00:00", "2026-11-26T01:00", mine);
    const othersJob = await at("2026-11-25T09:00", "2026-11-25T10:00", { employeeIds: [f.otherTechId] });
    const unassigned = await at("2026-11-25T11:00", "2026-11-25T12:00");
    const cancelled = await at("2026-11-25T12:00", "2026-11-25T13:00", mine);
    await updateJobStatus(f.admin, { jobId: cancelled, status: JobStatus.Cancelled });
    const estimate = await estimateAt(f, "2026-11-25T09:30", "2026-11-25T10:00", [f.techId]);
    await estimateAt(f, "2026-11-25T10:00", "2026-11-25T10:30", [f.otherTechId]);

    const day = await listAgendaVisits(f.tech, "2026-11-25", tz);
    expect(day.map((v) => [v.kind, v.id])).toEqual([
      ["job", overnight],
      ["job", midnight],
      ["estimate", estimate],
      ["job", afternoon],
      ["job", lastMinute],
    ]);
    const ids = day.filter((v) => v.kind === "job").map((v) => v.id);
    for (const absent of [lateNightBefore, nextMidnight, othersJob, unassigned, cancelled])
      expect(ids).not.toContain(absent);
    expect(day.find((v) => v.id === afternoon)).toEqual({
      kind: "job",
      id: afternoon,
      start: "2026-11-25T14:00",
      end: "2026-11-25T15:30",
      isAllDay: false,
      status: JobStatus.Scheduled,
      customerName: "Grace Hopper",
      title: "Replace filter",
      address: "1 Main St, Springfield",
      geo: null,
      phone: "(555) 010-2030",
    });
    expect(day.find((v) => v.kind === "estimate")).toMatchObject({
      status: EstimateStatus.Scheduled,
      address: "9 Elm St",
      title: expect.stringMatching(/^Estimate #\d+$/),
    });
    // The day's bounds are the company's midnights, not UTC's.
    expect(agendaBounds("2026-11-25", tz)).toEqual({
      from: new Date("2026-11-25T08:00:00Z"),
      to: new Date("2026-11-26T08:00:00Z"),
    });
    // The admin's own day is theirs only: the tech's visits are not on it.
    expect(await listAgendaVisits(f.admin, "2026-11-25", tz)).toEqual([]);
    expect((await listAgendaVisits(f.otherTech, "2026-11-25", tz)).map((v) => v.id)).toEqual([
      othersJob,
      expect.any(Number),
    ]);
  });

  it("never lists another company's visits, and reads the assignments' (company, employee, start) index", async () => {
    const f = await jobsFixture(tz);
    const other = await jobsFixture(tz);
    const foreign = await visitsIn(other, tz)("2026-11-25T09:00", "2026-11-25T10:00", { employeeIds: [other.techId] });
    // Even a caller context naming the other company's employee sees only its own company's rows.
    expect(await listAgendaVisits({ ...f.tech, userId: other.techId }, "2026-11-25", tz)).toEqual([]);
    expect((await listAgendaVisits(other.tech, "2026-11-25", tz)).map((v) => v.id)).toEqual([foreign]);
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const { from, to } = agendaBounds("2026-11-25", tz);
      const plan = JSON.stringify(await db.execute(sql`explain ${agendaQuery(f.tech, from, to)}`));
      expect(plan).toContain("job_employees_company_user_start_idx");
      expect(plan).toContain("estimate_employees_company_user_start_idx");
    } finally {
      await db.execute(sql`reset enable_seqscan`);
    }
  });

  it("serves view=agenda alone, and the agenda beside the grid when no view is named", async () => {
    const f = await jobsFixture(tz);
    const job = await visitsIn(f, tz)("2026-11-25T08:00", "2026-11-25T09:00", { employeeIds: [f.techId] });
    const cookie = await sessionCookie(f.techId);
    const load = async (query: string) => {
      const res = await run(scheduleLoader, `/schedule?${query}`, { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        page: string;
        agenda: Array<{ id: number }> | null;
        grid: unknown;
        employees: unknown[];
      };
    };
    const agenda = await load("view=agenda&date=2026-11-25");
    expect(agenda).toMatchObject({ page: "agenda", grid: null, employees: [] });
    expect(agenda.agenda?.map((v) => v.id)).toEqual([job]);
    const auto = await load("date=2026-11-25");
    expect(auto.page).toBe("calendar");
    expect(auto.grid).not.toBeNull();
    expect(auto.agenda?.map((v) => v.id)).toEqual([job]);
    expect((await load("view=week&date=2026-11-25")).agenda).toBeNull();
  });
});

describe("the agenda's cost next to the calendar's", () => {
  it("reads one day of a busy week for less than the week the default page draws", async () => {
    const f = await jobsFixture(tz);
    // 1,400 visits in the week (200 a day, 20 of them the tech's), written in bulk.
    const days = ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
    const rows = days.flatMap((day) =>
      Array.from({ length: 200 }, (_, i) => {
        const startTime = wallToInstant(`${day}T${String(6 + (i % 14)).padStart(2, "0")}:00`, tz)!;
        return {
          companyId: f.admin.companyId,
          customerId: f.customerId,
          status: JobStatus.Scheduled,
          startTime,
          endTime: new Date(startTime.getTime() + 3_600_000),
          timezone: tz,
          publicToken: `agenda-${day}-${i}`,
          location: "1 Main St, Springfield",
        };
      }),
    );
    const ids = await db.insert(jobs).values(rows).returning({ id: jobs.id, startTime: jobs.startTime });
    await db.insert(jobEmployees).values(
      ids.map((j, i) => ({
        jobId: j.id,
        userId: i % 10 === 0 ? f.techId : f.otherTechId,
        companyId: f.admin.companyId,
        startTime: j.startTime,
      })),
    );
    const cookie = await sessionCookie(f.techId);
    const time = async (query: string) => {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        await (await run(scheduleLoader, `/schedule?${query}`, { cookie })).json();
        runs.push(performance.now() - t);
      }
      return runs.sort((a, b) => a - b)[3];
    };
    const week = await time("view=week&date=2026-11-25");
    const byDefault = await time("date=2026-11-25");
    const agenda = await time("view=agenda&date=2026-11-25");
    console.log(
      `median ms: week ${week.toFixed(1)}, default (week + agenda) ${byDefault.toFixed(1)}, agenda ${agenda.toFixed(1)}`,
    );
    expect(await listAgendaVisits(f.tech, "2026-11-25", tz)).toHaveLength(20);
    expect(agenda).toBeLessThan(week);
  });
});

describe("the job page's notes, signature and stale status", () => {
  async function scheduledJob() {
    const f = await jobsFixture(tz);
    const id = await visitsIn(f, tz)("2026-11-25T08:00", "2026-11-25T09:00", { employeeIds: [f.techId] });
    return { f, id };
  }

  it("saves the private notes, refuses too long ones, and 404s others' jobs", async () => {
    const { f, id } = await scheduledJob();
    const other = await jobsFixture(tz);
    const saved = await postJob(f.techId, id, { intent: "notes", privateNotes: "  Gate code 4411  " });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/jobs/${id}`);
    const [row] = await db.select({ privateNotes: jobs.privateNotes }).from(jobs).where(eq(jobs.id, id));
    expect(row.privateNotes).toBe("Gate code 4411");
    const tooLong = await postJob(f.techId, id, { intent: "notes", privateNotes: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await errorsOf(tooLong)).toEqual({
      privateNotes: "Private notes is too long - should be 5000 chars maximum",
    });
    expect((await postJob(f.techId, id, { intent: "notes", privateNotes: "" })).status).toBe(302);
    const [cleared] = await db.select({ privateNotes: jobs.privateNotes }).from(jobs).where(eq(jobs.id, id));
    expect(cleared.privateNotes).toBeNull();
    expect((await postJob(f.otherTechId, id, { intent: "notes", privateNotes: "not mine" })).status).toBe(404);
    expect((await postJob(other.adminId, id, { intent: "notes", privateNotes: "other company" })).status).toBe(404);
    const [kept] = await db.select({ privateNotes: jobs.privateNotes }).from(jobs).where(eq(jobs.id, id));
    expect(kept.privateNotes).toBeNull();
  });

  it("keeps a typed or drawn signature on the timeline and shows the latest on the page", async () => {
    const { f, id } = await scheduledJob();
    const other = await jobsFixture(tz);
    const empty = await postJob(f.techId, id, { intent: "sign", name: "", signature: "" });
    expect(empty.status).toBe(400);
    expect(await errorsOf(empty)).toEqual({ signName: "Type a name or draw a signature" });
    const notImage = await postJob(f.techId, id, {
      intent: "sign",
      name: "Grace",
      signature: "data:image/png;base64,bm90IGFuIGltYWdl",
    });
    expect(notImage.status).toBe(400);
    expect(await errorsOf(notImage)).toEqual({ signature: "The signature is not a readable image" });

    expect((await postJob(f.techId, id, { intent: "sign", name: "Grace Hopper" })).status).toBe(302);
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();
    const drawn = await postJob(f.techId, id, {
      intent: "sign",
      name: "Grace B. Hopper",
      signature: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(drawn.status).toBe(302);
    const events = await db
      .select({ reason: jobTimelineEvents.reason, data: jobTimelineEvents.data, actor: jobTimelineEvents.actorUserId })
      .from(jobTimelineEvents)
      .where(and(eq(jobTimelineEvents.jobId, id), eq(jobTimelineEvents.type, TimelineEvent.Signed)))
      .orderBy(desc(jobTimelineEvents.id));
    expect(events.map((e) => e.reason)).toEqual(["Grace B. Hopper", "Grace Hopper"]);
    expect(events[0].actor).toBe(f.techId);
    const imageUrl = (events[0].data as { imageUrl: string }).imageUrl;
    expect((await readStoredFile(keyFromUrl(imageUrl)!))?.contentType).toBe("image/png");

    const page = await run(jobLoader, `/jobs/${id}`, { cookie: await sessionCookie(f.techId) }, { id: String(id) });
    const data = (await page.json()) as { signature: { name: string; imageUrl: string } };
    expect(data.signature).toMatchObject({ name: "Grace B. Hopper", imageUrl });

    expect((await postJob(f.otherTechId, id, { intent: "sign", name: "Not assigned" })).status).toBe(404);
    expect((await postJob(other.adminId, id, { intent: "sign", name: "Other company" })).status).toBe(404);
    expect(events).toHaveLength(2);
  });

  it("refuses a status move from a page that showed an older status, and takes one without expectedStatus", async () => {
    const { f, id } = await scheduledJob();
    const other = await jobsFixture(tz);
    // The office moves the job on while the technician's page still shows Scheduled.
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.OnMyWay });
    const stale = await postJob(f.techId, id, {
      intent: "status",
      status: String(JobStatus.Started),
      expectedStatus: String(JobStatus.Scheduled),
    });
    expect(stale.status).toBe(400);
    expect(await errorsOf(stale)).toEqual({
      _global: "This job was changed to On my way while you were away. Nothing was changed.",
    });
    const [still] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(still.status).toBe(JobStatus.OnMyWay);
    const current = await postJob(f.techId, id, {
      intent: "status",
      status: String(JobStatus.Started),
      expectedStatus: String(JobStatus.OnMyWay),
    });
    expect(current.status).toBe(302);
    const noExpectation = await postJob(f.techId, id, { intent: "status", status: String(JobStatus.Finished) });
    expect(noExpectation.status).toBe(302);
    const [finished] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(finished.status).toBe(JobStatus.Finished);
    // Another company's job: 404, its status not told.
    const foreign = await postJob(other.adminId, id, {
      intent: "status",
      status: String(JobStatus.Started),
      expectedStatus: String(JobStatus.Scheduled),
    });
    expect(foreign.status).toBe(404);
  });
});
