import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { companies, jobs, planFeatures, scheduledMessages, subscriptions } from "~/db/schema";
import { PlanFeature, type PlanFeatureId } from "~/access/features";
import { shiftWall, startOfDayInZone } from "~/models/jobs/job-recurrence";
import { getReminderSettings } from "~/models/messaging/reminder-settings.server";

/**
 * Automatic messages (issue #13), written into scheduled_messages in the transaction of the job
 * change that causes them (a transactional outbox: a change that committed has its message, a
 * change that rolled back has none). The dispatcher (dispatcher.server.ts) sends the due rows.
 * docs/decisions/050-automatic-messages.md
 */

export const MessageKind = {
  JobScheduled: "job_scheduled",
  AppointmentReminder: "appointment_reminder",
  OnMyWay: "on_my_way",
  VisitDetails: "visit_details",
} as const;
export type MessageKindValue = (typeof MessageKind)[keyof typeof MessageKind];

/** Notification channels of the spec: text 1, email 2, both 3. */
export const Channel = { Text: 1, Email: 2, Both: 3 } as const;
export type ChannelValue = (typeof Channel)[keyof typeof Channel];
export const channelLabels: Record<ChannelValue, string> = { 1: "Text", 2: "Email", 3: "Both" };
export const isChannel = (n: unknown): n is ChannelValue => n === 1 || n === 2 || n === 3;

/** Job statuses as numbers (jobs.schema.ts's JobStatus), kept local to avoid an import cycle. */
const SCHEDULED = 1;

/** A reminder never goes later than this before the visit starts; a later moment is pulled forward. */
export const REMINDER_LEAD_MS = 60 * 60_000;

/** Whether the company's plan includes a feature (reminders, on-my-way texts). */
export async function companyHasPlanFeature(
  exec: Executor,
  companyId: number,
  feature: PlanFeatureId,
): Promise<boolean> {
  const [row] = await exec
    .select({ one: sql<number>`1` })
    .from(subscriptions)
    .innerJoin(planFeatures, eq(planFeatures.planId, subscriptions.planId))
    .where(and(eq(subscriptions.companyId, companyId), eq(planFeatures.featureId, feature)))
    .limit(1);
  return !!row;
}

export async function companyTimeZoneOf(exec: Executor, companyId: number): Promise<string> {
  const [row] = await exec.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "America/New_York";
}

/**
 * When an appointment reminder goes: `daysBefore` days before the visit's day (0 = the same day)
 * at the local `sendTime` in the company's zone (a time skipped by a DST change moves forward).
 * Never later than an hour before the start: a later moment (same day, early visit) is pulled
 * forward to an hour before. A moment already past goes now when the visit is still more than an
 * hour away; otherwise there is no reminder (null).
 */
export function reminderDueAt(input: {
  start: Date;
  timeZone: string;
  daysBefore: number;
  sendTime: string;
  now: Date;
}): Date | null {
  const [hours, minutes] = input.sendTime.split(":").map(Number);
  const visitDay = startOfDayInZone(input.start, input.timeZone);
  let due = shiftWall(visitDay, -input.daysBefore * 24 * 60 + hours * 60 + minutes, input.timeZone);
  const latest = new Date(input.start.getTime() - REMINDER_LEAD_MS);
  if (due > latest) due = latest;
  if (due < input.now) return input.start.getTime() - input.now.getTime() > REMINDER_LEAD_MS ? input.now : null;
  return due;
}

/** The reminder's key names the visit's start: a moved visit gets a new reminder, a sent one does not block it. */
export const reminderKey = (jobId: number, start: Date) => `reminder:${jobId}:${start.toISOString()}`;

type ReminderPlan = { on: boolean; daysBefore: number; sendTime: string; channel: number; timeZone: string };

/** One query after another: `exec` may be a transaction, whose one connection runs one query at a time. */
async function reminderPlan(exec: Executor, companyId: number): Promise<ReminderPlan> {
  const settings = await getReminderSettings(exec, companyId);
  const feature = await companyHasPlanFeature(exec, companyId, PlanFeature.Reminders);
  const timeZone = await companyTimeZoneOf(exec, companyId);
  return {
    on: feature && settings.appointmentRemindersOn,
    daysBefore: settings.appointmentDaysBefore,
    sendTime: settings.appointmentSendTime,
    channel: settings.appointmentChannel,
    timeZone,
  };
}

/**
 * Brings the appointment reminders of some jobs in line with the jobs as they are now, inside the
 * caller's transaction: a scheduled job with "Send appointment reminder" (and the company's
 * reminders on, with the Reminders plan feature) has one pending reminder for its current start;
 * every other pending reminder of these jobs is cancelled. A reminder already sent for the same
 * start is not sent again; a cancelled one for the same start comes back (an undo).
 */
export async function syncReminders(exec: Executor, companyId: number, jobIds: number[], now = new Date()) {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return;
  const plan = await reminderPlan(exec, companyId);
  for (let i = 0; i < ids.length; i += 5000) await syncChunk(exec, companyId, ids.slice(i, i + 5000), plan, now);
}

async function syncChunk(exec: Executor, companyId: number, ids: number[], plan: ReminderPlan, now: Date) {
  const rows = plan.on
    ? await exec
        .select({ id: jobs.id, status: jobs.status, startTime: jobs.startTime, remind: jobs.sendAppointmentReminder })
        .from(jobs)
        .where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids)))
    : [];
  const wanted: { jobId: number; dueAt: string; key: string }[] = [];
  for (const job of rows) {
    if (!job.remind || job.status !== SCHEDULED || !job.startTime) continue;
    const dueAt = reminderDueAt({ start: job.startTime, ...plan, now });
    if (dueAt) wanted.push({ jobId: job.id, dueAt: dueAt.toISOString(), key: reminderKey(job.id, job.startTime) });
  }
  const keys = wanted.map((w) => w.key);
  await exec.execute(sql`
    update ${scheduledMessages} set status = 'cancelled', error = null
    where ${scheduledMessages.companyId} = ${companyId}
      and ${scheduledMessages.jobId} = any(${sql.param(ids)}::int[])
      and ${scheduledMessages.kind} = ${MessageKind.AppointmentReminder}
      and ${scheduledMessages.status} = 'pending'
      and not (${scheduledMessages.idempotencyKey} = any(${sql.param(keys)}::text[]))`);
  if (wanted.length === 0) return;
  await exec.execute(sql`
    insert into ${scheduledMessages} (company_id, job_id, kind, channel, due_at, idempotency_key)
    select ${companyId}, v.job_id, ${MessageKind.AppointmentReminder}, ${plan.channel}, v.due_at, v.key
    from unnest(${sql.param(wanted.map((w) => w.jobId))}::int[], ${sql.param(wanted.map((w) => w.dueAt))}::timestamptz[],
      ${sql.param(keys)}::text[]) as v(job_id, due_at, key)
    on conflict (idempotency_key) do update
      set due_at = excluded.due_at, channel = excluded.channel, status = 'pending', attempts = 0, error = null,
        claimed_at = null
      where ${scheduledMessages}.status in ('pending', 'cancelled')`);
}

/** Every open reminder of a company again, after its reminder settings changed (or its plan). */
export async function syncCompanyReminders(exec: Executor, companyId: number, now = new Date()) {
  const upcoming = await exec
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.sendAppointmentReminder, true),
        eq(jobs.status, SCHEDULED),
        sql`${jobs.startTime} > ${now.toISOString()}::timestamptz`,
      ),
    );
  const pending = await exec
    .select({ id: scheduledMessages.jobId })
    .from(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.companyId, companyId),
        eq(scheduledMessages.kind, MessageKind.AppointmentReminder),
        eq(scheduledMessages.status, "pending"),
      ),
    );
  await syncReminders(
    exec,
    companyId,
    [...upcoming.map((r) => r.id), ...pending.flatMap((r) => (r.id ? [r.id] : []))],
    now,
  );
}

/**
 * A message that goes at once (job scheduled, on my way, visit details), in the caller's
 * transaction. The key makes the same cause one message (a double post, a retried request);
 * returns whether a row was written (then the caller nudges the dispatcher after commit).
 */
export async function queueMessage(
  exec: Executor,
  input: { companyId: number; jobId: number; kind: MessageKindValue; channel?: number; key: string; dueAt?: Date },
): Promise<boolean> {
  const rows = await exec
    .insert(scheduledMessages)
    .values({
      companyId: input.companyId,
      jobId: input.jobId,
      kind: input.kind,
      channel: isChannel(input.channel) ? input.channel : Channel.Both,
      dueAt: input.dueAt ?? new Date(),
      idempotencyKey: input.key,
    })
    .onConflictDoNothing({ target: scheduledMessages.idempotencyKey })
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/**
 * Pending messages of a kind no longer go, narrowed by `scope` (a job, an invoice's keys), in the
 * caller's transaction. Job messages and invoice follow-ups share this one cancel.
 */
export async function cancelPendingMessages(exec: Executor, companyId: number, kind: string, ...scope: SQL[]) {
  await exec
    .update(scheduledMessages)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(scheduledMessages.companyId, companyId),
        eq(scheduledMessages.kind, kind),
        eq(scheduledMessages.status, "pending"),
        ...scope,
      ),
    );
}

/** Pending messages of a kind for a job no longer go (an undone on-my-way). */
export async function cancelPending(exec: Executor, companyId: number, jobId: number, kind: MessageKindValue) {
  await cancelPendingMessages(exec, companyId, kind, eq(scheduledMessages.jobId, jobId));
}

/** A key for a message asked for on a screen: the form's own token makes a double post one message. */
export function requestKey(token: unknown): string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(token) ? token : randomUUID();
}

let nudge: (() => Promise<unknown>) | undefined;

/** The dispatcher registers how to wake it (dispatcher.server.ts), without an import cycle through the jobs model. */
export function onDispatcherNudge(wake: () => Promise<unknown>) {
  nudge = wake;
}

/**
 * After a commit that wrote a message to go now: wake the dispatcher instead of waiting for its
 * minute. Best effort: without a running queue the per-minute run (or the next start) sends it.
 */
export function nudgeDispatcher() {
  if (!nudge) return;
  const wake = nudge;
  Promise.resolve()
    .then(wake)
    .catch(() => undefined);
}

/** The automatic messages of one job, newest first, for its details page (the caller has checked the job). */
export async function listJobMessages(exec: Executor, companyId: number, jobId: number) {
  const rows = await exec
    .select({
      id: scheduledMessages.id,
      kind: scheduledMessages.kind,
      channel: scheduledMessages.channel,
      status: scheduledMessages.status,
      dueAt: scheduledMessages.dueAt,
      sentAt: scheduledMessages.sentAt,
      error: scheduledMessages.error,
    })
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.companyId, companyId), eq(scheduledMessages.jobId, jobId)))
    .orderBy(sql`${scheduledMessages.dueAt} desc`, sql`${scheduledMessages.id} desc`)
    .limit(20);
  return rows.map((r) => ({
    ...r,
    dueAt: r.dueAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}
