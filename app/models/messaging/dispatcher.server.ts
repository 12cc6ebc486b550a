import { and, eq, inArray, sql } from "drizzle-orm";
import { db, executeSql } from "~/db.server";
import { jobs, scheduledMessages } from "~/db/schema";
import { PlanFeature } from "~/access/features";
import {
  companyHasPlanFeature,
  MessageKind,
  onDispatcherNudge,
  reminderKey,
  type MessageKindValue,
} from "~/models/messaging/automatic.server";
import { MessageType } from "~/models/messaging/message-types";
import { messageValuesForJob } from "~/models/messaging/message-values.server";
import { getReminderSettings } from "~/models/messaging/reminder-settings.server";
import {
  sendCustomerMessage,
  type ChannelOutcome,
  type CustomerSendOutcome,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { renderCompanyMessage } from "~/models/messaging/templates.server";
import { defineJob } from "~/services/queue.server";
import { INVOICE_FOLLOW_UP_KIND, sendInvoiceFollowUp } from "~/models/invoices/invoice-follow-ups.server";
import { ESTIMATE_FOLLOW_UP_KIND, sendEstimateFollowUp } from "~/models/estimates/estimate-follow-ups.server";
import { planMessageSender } from "~/models/service-plans/plan-messages.server";
import { receiptSender } from "~/models/payments/payment-receipt.server";
import { campaignSender } from "~/models/campaigns/campaign-sending.server";

/**
 * The dispatcher of automatic messages: claims due rows of scheduled_messages in batches (FOR
 * UPDATE SKIP LOCKED, so instances never take the same row), checks that each still applies,
 * renders and sends it with the row's idempotency key as the outbox dedupe key (claimed before
 * the provider call: a re-run after a crash or a second instance never sends twice), and marks it
 * sent. docs/decisions/050-automatic-messages.md
 */

export const DISPATCH_BATCH = 100;
/** Sends in flight at once within a batch (SMTP and Twilio calls wait on the network). */
export const DISPATCH_CONCURRENCY = 32;
/** Attempts before a message that keeps failing (database, rendering) is marked failed. */
export const MAX_ATTEMPTS = 5;
/** A claim older than this belongs to a process that died: the row goes back to pending. */
export const STALE_CLAIM_MS = 5 * 60_000;

const messageTypeOf: Record<MessageKindValue, number> = {
  [MessageKind.JobScheduled]: MessageType.JobScheduled,
  [MessageKind.AppointmentReminder]: MessageType.AppointmentReminder,
  [MessageKind.OnMyWay]: MessageType.OnMyWay,
  [MessageKind.VisitDetails]: MessageType.SendVisitDetails,
};

type ClaimedRow = {
  id: number;
  companyId: number;
  jobId: number | null;
  kind: MessageKindValue;
  channel: number;
  idempotencyKey: string;
  attempts: number;
  claimedAt: Date;
};

export type DispatchOptions = {
  now?: () => Date;
  batchSize?: number;
  /** Stop after this many batches (the next run carries on); default: until nothing is due. */
  maxBatches?: number;
  concurrency?: number;
  staleAfterMs?: number;
  /** Where sends go (tests pass their local SMTP server); default: the configured services. */
  services?: DeliveryServices;
};

export type DispatchReport = { sent: number; cancelled: number; failed: number; retried: number };

/** Rows claimed by a process that died go back to pending (their outbox keys stop a second send). */
export async function releaseStaleClaims(cutoff: Date): Promise<number> {
  const rows = await executeSql<{ id: number }>(
    `update scheduled_messages set status = 'pending', claimed_at = null
     where status = 'sending' and claimed_at < $1 returning id`,
    [cutoff.toISOString()],
  );
  return rows.length;
}

/** Claims up to `limit` due rows for this process: pending becomes sending, one attempt more. */
export async function claimDueMessages(limit: number, now: Date): Promise<ClaimedRow[]> {
  const rows = await executeSql<{
    id: number;
    company_id: number;
    job_id: number | null;
    kind: MessageKindValue;
    channel: number;
    idempotency_key: string;
    attempts: number;
  }>(
    `update scheduled_messages set status = 'sending', claimed_at = $2, attempts = attempts + 1
     where id in (
       select id from scheduled_messages where status = 'pending' and due_at <= $2
       order by due_at, id for update skip locked limit $1)
     returning id, company_id, job_id, kind, channel, idempotency_key, attempts`,
    [limit, now.toISOString()],
  );
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    jobId: r.job_id,
    kind: r.kind,
    channel: r.channel,
    idempotencyKey: r.idempotency_key,
    attempts: r.attempts,
    claimedAt: now,
  }));
}

type JobState = { status: number; startTime: Date | null; remind: boolean; customerId: number };
type CompanyState = { reminders: boolean; onMyWay: boolean };

/** The batch's jobs in one query (the send-time check reads them as they are now). */
async function jobsOf(rows: ClaimedRow[]): Promise<Map<number, JobState & { companyId: number }>> {
  const ids = [...new Set(rows.flatMap((r) => (r.jobId ? [r.jobId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: jobs.id,
      companyId: jobs.companyId,
      status: jobs.status,
      startTime: jobs.startTime,
      remind: jobs.sendAppointmentReminder,
      customerId: jobs.customerId,
    })
    .from(jobs)
    .where(inArray(jobs.id, ids));
  return new Map(found.map((j) => [j.id, j]));
}

/** Each company of the batch once: its plan features and reminder settings as they are now. */
function companyStates() {
  const seen = new Map<number, Promise<CompanyState>>();
  return (companyId: number) => {
    let state = seen.get(companyId);
    if (!state) {
      state = Promise.all([
        companyHasPlanFeature(db, companyId, PlanFeature.Reminders),
        getReminderSettings(db, companyId),
        companyHasPlanFeature(db, companyId, PlanFeature.OnMyWayTexts),
      ]).then(([reminders, settings, onMyWay]) => ({
        reminders: reminders && settings.appointmentRemindersOn,
        onMyWay,
      }));
      seen.set(companyId, state);
    }
    return state;
  };
}

/** Why a message no longer goes (the job changed since it was written), or null when it still applies. */
function reasonNotToSend(row: ClaimedRow, job: JobState | undefined, company: CompanyState, now: Date): string | null {
  if (!row.jobId || !job) return "The job no longer exists";
  switch (row.kind) {
    case MessageKind.AppointmentReminder:
      if (job.status !== 1 || !job.remind || !job.startTime) return "The visit no longer needs a reminder";
      if (reminderKey(row.jobId, job.startTime) !== row.idempotencyKey) return "The visit has moved";
      if (job.startTime <= now) return "The visit has started";
      return company.reminders ? null : "Appointment reminders are off";
    case MessageKind.JobScheduled:
      return job.startTime && job.status !== 0 && job.status !== 6 ? null : "The job is no longer scheduled";
    case MessageKind.OnMyWay:
      if (job.status !== 2) return "The job is no longer on my way";
      return company.onMyWay ? null : "On-my-way texts are not in the plan";
    default:
      return null;
  }
}

const succeeded = (o: ChannelOutcome | undefined) =>
  !!o && "status" in o && (o.status === "sent" || o.status === "stored" || o.status === "duplicate");
const describe = (channel: string, o: ChannelOutcome | undefined) =>
  !o ? null : "skipped" in o ? `${channel}: ${o.message}` : o.status === "failed" ? `${channel}: failed` : null;

/** A customer-side outcome on every channel (no address, texts refused, provider refusal) is final, not retried. */
function outcomeStatus(outcome: CustomerSendOutcome): { status: "sent" | "failed"; error: string | null } {
  const notes = [describe("email", outcome.email), describe("text", outcome.sms)].filter(Boolean).join("; ");
  return {
    status: succeeded(outcome.email) || succeeded(outcome.sms) ? "sent" : "failed",
    error: notes || null,
  };
}

/** Only the claim that is still ours may finish the row (a stale claim taken over by another process may not). */
const ours = (row: ClaimedRow) =>
  and(
    eq(scheduledMessages.id, row.id),
    eq(scheduledMessages.status, "sending"),
    eq(scheduledMessages.claimedAt, row.claimedAt),
  );

/** 30 s, 1 min, 2 min, ... up to an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

async function dispatchOne(
  row: ClaimedRow,
  now: Date,
  lookups: { job?: JobState; company: (companyId: number) => Promise<CompanyState> },
  services: DeliveryServices | undefined,
): Promise<keyof DispatchReport> {
  try {
    const planSend = planMessageSender(row.kind) ?? receiptSender(row.kind) ?? campaignSender(row.kind);
    if (
      planSend ||
      (row.kind as string) === INVOICE_FOLLOW_UP_KIND ||
      (row.kind as string) === ESTIMATE_FOLLOW_UP_KIND
    ) {
      const send =
        planSend ?? ((row.kind as string) === INVOICE_FOLLOW_UP_KIND ? sendInvoiceFollowUp : sendEstimateFollowUp);
      const done = await send(row, services);
      await db
        .update(scheduledMessages)
        .set({ ...done, sentAt: done.status === "sent" ? new Date() : null })
        .where(ours(row));
      return done.status;
    }
    const job = lookups.job;
    const reason = reasonNotToSend(row, job, await lookups.company(row.companyId), now);
    const values = reason || !job ? null : await messageValuesForJob(row.companyId, row.jobId!);
    if (reason || !values || !job) {
      await db
        .update(scheduledMessages)
        .set({ status: "cancelled", error: reason ?? "The job no longer exists" })
        .where(ours(row));
      return "cancelled";
    }
    const messageType = messageTypeOf[row.kind];
    const message = await renderCompanyMessage(row.companyId, messageType, values);
    const outcome = await sendCustomerMessage(
      {
        companyId: row.companyId,
        customerId: job.customerId,
        jobId: row.jobId,
        messageType,
        channel: row.channel === 1 || row.channel === 2 ? row.channel : 3,
        dedupeKey: row.idempotencyKey,
        message,
      },
      ...(services ? [services] : []),
    );
    const { status, error } = outcomeStatus(outcome);
    await db
      .update(scheduledMessages)
      .set({ status, error, sentAt: status === "sent" ? new Date() : null })
      .where(ours(row));
    return status;
  } catch (error) {
    // Infrastructure failed (database, rendering, configuration): try again later, up to MAX_ATTEMPTS.
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const last = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(scheduledMessages)
      .set(
        last
          ? { status: "failed", error: message }
          : {
              status: "pending",
              error: message,
              claimedAt: null,
              dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
            },
      )
      .where(ours(row))
      .catch(() => undefined);
    return last ? "failed" : "retried";
  }
}

type Claimed = {
  row: ClaimedRow;
  now: Date;
  job?: JobState;
  company: (companyId: number) => Promise<CompanyState>;
};

/**
 * One run: stale claims back to pending, then due rows in batches until none is due (or
 * maxBatches). The next batch is claimed while the last rows of the previous one are still
 * sending, so that no send waits for the slowest of its batch.
 */
export async function dispatchDueMessages(options: DispatchOptions = {}): Promise<DispatchReport> {
  const clock = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DISPATCH_BATCH;
  const concurrency = Math.max(1, options.concurrency ?? DISPATCH_CONCURRENCY);
  const maxBatches = options.maxBatches ?? Infinity;
  const report: DispatchReport = { sent: 0, cancelled: 0, failed: 0, retried: 0 };
  await releaseStaleClaims(new Date(clock().getTime() - (options.staleAfterMs ?? STALE_CLAIM_MS)));

  const queue: Claimed[] = [];
  let batches = 0;
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  const refill = async () => {
    if (exhausted || batches >= maxBatches) {
      exhausted = true;
      return;
    }
    batches++;
    const now = clock();
    const claimed = await claimDueMessages(batchSize, now);
    if (claimed.length < batchSize) exhausted = true;
    // Should this fail, the claimed rows wait as stale claims and go on a later run.
    const jobsById = await jobsOf(claimed);
    const company = companyStates();
    for (const row of claimed) {
      const found = row.jobId ? jobsById.get(row.jobId) : undefined;
      queue.push({ row, now, company, job: found?.companyId === row.companyId ? found : undefined });
    }
  };
  let failure: unknown = null;
  const claimMore = () =>
    (claiming ??= refill()
      .catch((error: unknown) => {
        failure = error;
        exhausted = true;
      })
      .finally(() => (claiming = null)));

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        if (queue.length < concurrency && !exhausted) void claimMore();
        const item = queue.shift();
        if (!item) {
          if (exhausted && !claiming) return;
          await claimMore();
          continue;
        }
        report[await dispatchOne(item.row, item.now, item, options.services)]++;
      }
    }),
  );
  if (failure) throw failure;
  return report;
}

/** How many messages wait to go (for the dashboard of a run, and tests). */
export async function pendingMessageCount(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scheduledMessages)
    .where(eq(scheduledMessages.status, "pending"));
  return row.n;
}

/**
 * Every minute (and right after a commit that wrote a message to go now): one dispatch run. Runs
 * on every instance may overlap; the claims keep them apart. A run stops after 500 batches (50,000
 * messages, well inside pg-boss's 15-minute expiry); the next minute carries on.
 */
export const dispatchJob = defineJob(
  "dispatch-automatic-messages",
  async () => {
    await dispatchDueMessages({ maxBatches: 500 });
  },
  { cron: "* * * * *", retryLimit: 0 },
);

onDispatcherNudge(() => dispatchJob.send({}));
