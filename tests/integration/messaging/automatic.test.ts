import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, executeSql } from "~/db.server";
import {
  customers,
  jobSeries,
  outboxMessages,
  planFeatures,
  plans,
  scheduledMessages,
  subscriptions,
} from "~/db/schema";
import { PlanFeature } from "~/access/features";
import { JobStatus, jobCreateSchema } from "~/models/jobs/jobs.schema";
import {
  createJob,
  deleteJob,
  extendSeriesHorizons,
  rescheduleVisit,
  sendVisitDetails,
  undoJobStatus,
  updateJobStatus,
} from "~/models/jobs/jobs.server";
import { MessageKind, reminderDueAt, reminderKey } from "~/models/messaging/automatic.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { reminderSettingsSchema } from "~/models/messaging/reminder-settings.schema";
import { saveReminderSettings } from "~/models/messaging/reminder-settings.server";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const NY = "America/New_York";

/** A one-hour visit starting at an instant, with "Send appointment reminder" and other fields. */
const newJob = (f: JobsFixture, start: string, fields: Record<string, unknown> = {}) =>
  createJob(
    f.admin,
    jobCreateSchema.parse({
      customerId: f.customerId,
      startTime: start,
      endTime: new Date(new Date(start).getTime() + 3600_000).toISOString(),
      sendAppointmentReminder: true,
      ...fields,
    }),
  );

const messagesOf = (jobId: number) =>
  db.select().from(scheduledMessages).where(eq(scheduledMessages.jobId, jobId)).orderBy(asc(scheduledMessages.id));

const pendingReminders = async (jobId: number) =>
  (await messagesOf(jobId)).filter((m) => m.kind === MessageKind.AppointmentReminder && m.status === "pending");

const move = (f: JobsFixture, id: number, start: string, fields: Record<string, unknown> = {}) =>
  rescheduleVisit(f.admin, {
    id,
    startTime: new Date(start),
    endTime: new Date(new Date(start).getTime() + 3600_000),
    ...fields,
  });

/** Moves the company to a plan without some features. */
async function planWithout(companyId: number, ...features: number[]) {
  const [plan] = await db
    .insert(plans)
    .values({ name: "Test plan", priceId: `price_test_${companyId}`, employeeLimit: 10, monthlyPriceCents: 100 })
    .returning({ id: plans.id });
  const all = Array.from({ length: 16 }, (_, i) => i + 1).filter((id) => !features.includes(id));
  await db.insert(planFeatures).values(all.map((featureId) => ({ planId: plan.id, featureId })));
  await db.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.companyId, companyId));
}

describe("when a reminder is due", () => {
  const due = (start: string, daysBefore: number, sendTime: string, now = "2030-01-01T00:00:00Z") =>
    reminderDueAt({ start: new Date(start), timeZone: NY, daysBefore, sendTime, now: new Date(now) })?.toISOString();

  it("goes N days before at the local send time in the company's zone", () => {
    // May 2nd 2030 at 14:00 EDT (18:00Z): the day before at 09:00 EDT.
    expect(due("2030-05-02T18:00:00Z", 1, "09:00")).toBe("2030-05-01T13:00:00.000Z");
    expect(due("2030-05-02T18:00:00Z", 0, "09:00")).toBe("2030-05-02T13:00:00.000Z");
    expect(due("2030-05-02T18:00:00Z", 7, "18:30")).toBe("2030-04-25T22:30:00.000Z");
  });

  it("keeps the local time across a daylight-saving change, and moves a skipped time forward", () => {
    // Clocks spring forward on March 10th 2030. A Monday 10:00 EDT visit, reminded 2 days before at 09:00 EST.
    expect(due("2030-03-11T14:00:00Z", 2, "09:00")).toBe("2030-03-09T14:00:00.000Z");
    // 02:30 does not exist on March 10th: 03:30 EDT.
    expect(due("2030-03-11T14:00:00Z", 1, "02:30")).toBe("2030-03-10T07:30:00.000Z");
    // Clocks fall back on November 3rd 2030: 09:00 that day is EST (UTC-5).
    expect(due("2030-11-03T20:00:00Z", 0, "09:00")).toBe("2030-11-03T14:00:00.000Z");
  });

  it("never goes later than an hour before the visit, and goes now when its moment passed but the visit is still ahead", () => {
    // A same-day reminder at 09:00 for an 08:00 visit goes at 07:00.
    expect(due("2030-05-02T12:00:00Z", 0, "09:00")).toBe("2030-05-02T11:00:00.000Z");
    // Booked at 10:00 for tomorrow 09:00 (the day-before 09:00 has passed): now.
    expect(due("2030-05-02T13:00:00Z", 1, "09:00", "2030-05-01T14:00:00Z")).toBe("2030-05-01T14:00:00.000Z");
    // Booked 30 minutes before the visit: none.
    expect(due("2030-05-02T13:00:00Z", 1, "09:00", "2030-05-02T12:30:00Z")).toBeUndefined();
  });
});

describe("messages written with the job change", () => {
  it("writes the reminder and the job scheduled message in the job's transaction", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z", { notify: "on" });
    const rows = await messagesOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.channel])).toEqual([
      [MessageKind.AppointmentReminder, "pending", 3],
      [MessageKind.JobScheduled, "pending", 3],
    ]);
    expect(rows[0].dueAt.toISOString()).toBe("2030-05-01T13:00:00.000Z");
    expect(rows[0].idempotencyKey).toBe(reminderKey(id, new Date("2030-05-02T18:00:00Z")));
    expect(Math.abs(rows[1].dueAt.getTime() - Date.now())).toBeLessThan(60_000);

    // A failure writing the message rolls the status change back with it (one transaction).
    await executeSql(
      "alter table scheduled_messages add constraint test_no_on_my_way check (kind <> 'on_my_way') not valid",
    );
    try {
      await expect(
        updateJobStatus(f.admin, { jobId: id, status: JobStatus.OnMyWay, notifyCustomer: true }),
      ).rejects.toThrow();
    } finally {
      await executeSql("alter table scheduled_messages drop constraint test_no_on_my_way");
    }
    const [after] = await executeSql<{ status: number }>("select status from jobs where id = $1", [id]);
    expect(after.status).toBe(JobStatus.Scheduled);
  });

  it("writes no reminder without 'Send appointment reminder', and no job scheduled message without notify", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z", { sendAppointmentReminder: undefined });
    expect(await messagesOf(id)).toEqual([]);
  });

  it("moves a pending reminder with the visit; a reminder sent for the old time does not block the new one", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z");
    await move(f, id, "2030-05-09T18:00:00Z", { notify: true });
    let rows = await messagesOf(id);
    const reminders = rows.filter((r) => r.kind === MessageKind.AppointmentReminder);
    expect(reminders.map((r) => r.status)).toEqual(["cancelled", "pending"]);
    expect(reminders[1].dueAt.toISOString()).toBe("2030-05-08T13:00:00.000Z");
    expect(reminders[1].idempotencyKey).toBe(reminderKey(id, new Date("2030-05-09T18:00:00Z")));
    expect(rows.filter((r) => r.kind === MessageKind.JobScheduled)).toHaveLength(1);

    // The reminder for May 9th went; the visit moves to May 16th and back to May 9th.
    await db.update(scheduledMessages).set({ status: "sent" }).where(eq(scheduledMessages.id, reminders[1].id));
    await move(f, id, "2030-05-16T18:00:00Z");
    expect((await pendingReminders(id)).map((r) => r.dueAt.toISOString())).toEqual(["2030-05-15T13:00:00.000Z"]);
    await move(f, id, "2030-05-09T18:00:00Z");
    rows = await messagesOf(id);
    expect(await pendingReminders(id)).toEqual([]);
    expect(rows.find((r) => r.id === reminders[1].id)?.status).toBe("sent");

    // Back to the first time: its cancelled reminder comes back.
    await move(f, id, "2030-05-02T18:00:00Z");
    expect((await pendingReminders(id)).map((r) => r.id)).toEqual([reminders[0].id]);
  });

  it("cancels the reminder when the job is cancelled or unscheduled, restores it on undo, and deletes it with the job", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z");
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.Cancelled });
    expect(await pendingReminders(id)).toEqual([]);
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.Cancelled });
    expect(await pendingReminders(id)).toHaveLength(1);
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.Unscheduled });
    expect(await pendingReminders(id)).toEqual([]);
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.Unscheduled });
    expect(await pendingReminders(id)).toHaveLength(1);
    await deleteJob(f.admin, id);
    expect(await messagesOf(id)).toEqual([]);
  });

  it("queues on my way with notify (and takes it back on undo), and job scheduled when an unscheduled job is scheduled", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z", { sendAppointmentReminder: undefined });
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.OnMyWay });
    expect(await messagesOf(id)).toEqual([]);
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.OnMyWay });
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.OnMyWay, notifyCustomer: true });
    expect((await messagesOf(id)).map((r) => [r.kind, r.status])).toEqual([[MessageKind.OnMyWay, "pending"]]);
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.OnMyWay });
    expect((await messagesOf(id)).map((r) => r.status)).toEqual(["cancelled"]);

    const unscheduled = await createJob(f.admin, jobCreateSchema.parse({ customerId: f.customerId }));
    await updateJobStatus(f.admin, {
      jobId: unscheduled.id,
      status: JobStatus.Scheduled,
      startDate: new Date("2030-06-01T14:00:00Z"),
      notifyCustomer: true,
    });
    expect((await messagesOf(unscheduled.id)).map((r) => r.kind)).toEqual([MessageKind.JobScheduled]);
  });

  it("gives recurring visits their reminders, also those materialised later", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z", { recurrence: { frequency: 2, interval: 1 } });
    const [{ seriesId }] = await executeSql<{ seriesId: number }>(
      'select series_id as "seriesId" from jobs where id = $1',
      [id],
    );
    const count = async () =>
      (
        await executeSql<{ n: number }>(
          `select count(*)::int as n from scheduled_messages m join jobs j on j.id = m.job_id
           where j.series_id = $1 and m.kind = 'appointment_reminder' and m.status = 'pending'`,
          [seriesId],
        )
      )[0].n;
    const visits = async () =>
      (await executeSql<{ n: number }>("select count(*)::int as n from jobs where series_id = $1", [seriesId]))[0].n;
    expect(await count()).toBe(await visits());
    const before = await visits();
    await extendSeriesHorizons(new Date("2030-12-01T00:00:00Z"));
    expect(await visits()).toBeGreaterThan(before);
    expect(await count()).toBe(await visits());
    const [series] = await db.select().from(jobSeries).where(eq(jobSeries.id, seriesId));
    expect(series).toBeTruthy();
  });

  it("sends visit details once per form, on the chosen channel", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z", { sendAppointmentReminder: undefined });
    await sendVisitDetails(f.admin, { jobId: id, channel: 2, requestToken: "form-token-1" });
    await sendVisitDetails(f.admin, { jobId: id, channel: 2, requestToken: "form-token-1" });
    await sendVisitDetails(f.admin, { jobId: id, channel: 1, requestToken: "form-token-2" });
    expect((await messagesOf(id)).map((r) => [r.kind, r.channel])).toEqual([
      [MessageKind.VisitDetails, 2],
      [MessageKind.VisitDetails, 1],
    ]);
    const other = await jobsFixture(NY);
    expect(await sendVisitDetails(other.admin, { jobId: id, channel: 3 })).toBeNull();

    // A later visit of a recurring series is a job of its own: its details go the same way.
    const series = await newJob(f, "2030-06-03T18:00:00Z", { recurrence: { frequency: 2, interval: 1 } });
    const [visit] = await executeSql<{ id: number }>(
      "select id from jobs where series_id = (select series_id from jobs where id = $1) and id <> $1 order by start_time limit 1",
      [series.id],
    );
    await sendVisitDetails(f.admin, { jobId: visit.id, channel: 3 });
    expect((await messagesOf(visit.id)).filter((r) => r.kind === MessageKind.VisitDetails)).toHaveLength(1);
  });
});

describe("reminder settings and plan features", () => {
  it("moves pending reminders to the new day, time and channel, and cancels them when turned off", async () => {
    const f = await jobsFixture(NY);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z");
    const save = (values: Record<string, string>) =>
      saveReminderSettings(
        f.admin,
        reminderSettingsSchema.parse({
          appointmentDaysBefore: "0",
          appointmentSendTime: "07:15",
          appointmentChannel: "1",
          ...values,
        }),
      );
    await save({ appointmentRemindersOn: "on" });
    let [reminder] = await pendingReminders(id);
    expect(reminder.dueAt.toISOString()).toBe("2030-05-02T11:15:00.000Z");
    expect(reminder.channel).toBe(1);
    await save({});
    expect(await pendingReminders(id)).toEqual([]);
    const later = await newJob(f, "2030-05-03T18:00:00Z");
    expect(await messagesOf(later.id)).toEqual([]);
    await save({ appointmentRemindersOn: "on", appointmentDaysBefore: "3", appointmentChannel: "2" });
    [reminder] = await pendingReminders(id);
    expect(reminder.dueAt.toISOString()).toBe("2030-04-29T11:15:00.000Z");
    expect(reminder.channel).toBe(2);
    expect(await pendingReminders(later.id)).toHaveLength(1);
  });

  it("checks the settings form's fields with exact messages", () => {
    const result = reminderSettingsSchema.safeParse({
      appointmentDaysBefore: "9",
      appointmentSendTime: "25:00",
      appointmentChannel: "4",
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      appointmentDaysBefore: "Choose the same day or 1 to 7 days before",
      appointmentSendTime: "Send time must be a time of day (HH:MM)",
      appointmentChannel: "Choose text, email or both",
    });
  });

  it("writes no reminder without the Reminders plan feature, and no on-my-way message without on-my-way texts", async () => {
    const f = await jobsFixture(NY);
    await planWithout(f.companyId, PlanFeature.Reminders, PlanFeature.OnMyWayTexts);
    const { id } = await newJob(f, "2030-05-02T18:00:00Z");
    expect(await messagesOf(id)).toEqual([]);
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.OnMyWay, notifyCustomer: true });
    expect(await messagesOf(id)).toEqual([]);
  });
});

describe("the dispatcher, in process", () => {
  it("sends due messages once, cancels those that no longer apply, retries failures, takes back stale claims", async () => {
    const f = await jobsFixture(NY);
    await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
    const kept = await newJob(f, "2030-05-02T18:00:00Z");
    const cancelled = await newJob(f, "2030-05-02T19:00:00Z");
    await updateJobStatus(f.admin, { jobId: cancelled.id, status: JobStatus.Cancelled });
    // The cancelled job's reminder was left pending by hand: the send-time check must catch it.
    await db.update(scheduledMessages).set({ status: "pending" }).where(eq(scheduledMessages.jobId, cancelled.id));
    const stale = await newJob(f, "2030-05-02T20:00:00Z");
    await db
      .update(scheduledMessages)
      .set({ status: "sending", claimedAt: new Date("2030-04-30T00:00:00Z"), attempts: 1 })
      .where(eq(scheduledMessages.jobId, stale.id));
    const [broken] = await db
      .insert(scheduledMessages)
      .values({
        companyId: f.companyId,
        jobId: kept.id,
        kind: "unknown_kind",
        channel: 2,
        dueAt: new Date("2030-05-01T00:00:00Z"),
        idempotencyKey: `broken:${kept.id}`,
      })
      .returning();

    const now = new Date("2030-05-01T13:30:00Z");
    const report = await dispatchDueMessages({ now: () => now });
    expect(report).toMatchObject({ sent: 2, cancelled: 1, retried: 1 });
    const state = async (jobId: number) => (await messagesOf(jobId)).map((r) => [r.kind, r.status]);
    expect(await state(kept.id)).toEqual([
      [MessageKind.AppointmentReminder, "sent"],
      ["unknown_kind", "pending"],
    ]);
    expect(await state(cancelled.id)).toEqual([[MessageKind.AppointmentReminder, "cancelled"]]);
    expect(await state(stale.id)).toEqual([[MessageKind.AppointmentReminder, "sent"]]);
    const [retry] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, broken.id));
    expect(retry.attempts).toBe(1);
    expect(retry.error).toMatch(/Unknown message type/);
    expect(retry.dueAt.getTime()).toBe(now.getTime() + 30_000);

    const outbox = await db
      .select({ key: outboxMessages.dedupeKey, to: outboxMessages.to, messageType: outboxMessages.messageType })
      .from(outboxMessages)
      .where(eq(outboxMessages.companyId, f.companyId));
    expect(outbox.map((o) => o.key).sort()).toEqual(
      [
        `${reminderKey(kept.id, new Date("2030-05-02T18:00:00Z"))}:email`,
        `${reminderKey(stale.id, new Date("2030-05-02T20:00:00Z"))}:email`,
      ].sort(),
    );
    expect(outbox.every((o) => o.to === "grace@example.com" && o.messageType === 1)).toBe(true);

    // Running again sends nothing more; the broken row fails for good after its last attempt.
    await db.update(scheduledMessages).set({ attempts: 4 }).where(eq(scheduledMessages.id, broken.id));
    const again = await dispatchDueMessages({ now: () => new Date(now.getTime() + 60_000) });
    expect(again).toMatchObject({ sent: 0, failed: 1 });
    const [failed] = await db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.id, broken.id)));
    expect(failed.status).toBe("failed");
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(eq(outboxMessages.companyId, f.companyId));
    expect(n).toBe(2);
  });
});
