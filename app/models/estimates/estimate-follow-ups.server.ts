import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "~/db.server";
import { companies, estimates, reminderSettings } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { followUpPlanner, type FollowUpRow, type FollowUpState } from "~/models/messaging/follow-ups.server";
import type { DeliveryServices } from "~/models/messaging/send.server";
import { sendEstimateMessage } from "~/models/estimates/estimate-message.server";

/**
 * Estimate follow-ups (spec section 9: "days after sent", then reminders every 24, 48 or 72
 * hours): a sent estimate the customer has not answered gets a follow-up N days after the day it
 * was sent at 09:00 company time, then up to REMINDERS_MAX reminders every H hours after that, on
 * the company's follow-up channel, with the Send Estimate wording (template 4) and the approval
 * link. All rows of one send are planned at once (kind estimate_follow_up, the estimate and the
 * send in the key); an answer, a cancel, a copy to job or a deletion cancels them, and the
 * dispatcher checks again at send time. docs/decisions/056-estimate-sending-and-follow-ups.md
 */

export const ESTIMATE_FOLLOW_UP_KIND = "estimate_follow_up";
export const ESTIMATE_FOLLOW_UP_DAYS_MAX = 60;
export const ESTIMATE_REMINDER_HOURS = [0, 24, 48, 72] as const;
/** Reminders after the follow-up, so an estimate nobody answers stops being chased. */
export const REMINDERS_MAX = 3;
/** Status numbers (estimates.schema.ts), local to keep this module free of the estimates model. */
const SENT = 4;
const NOT_ANSWERED = 0;

const planner = followUpPlanner(ESTIMATE_FOLLOW_UP_KIND, "estimate-follow-up");
/** One send (its sentAt), the plan (days, hours) and the row's place in it (0 the follow-up, 1.. reminders). */
export const estimateFollowUpKey = (estimateId: number, sentAt: Date, days: number, hours: number, n: number) =>
  `${planner.keyPrefix(estimateId)}${sentAt.toISOString()}:${days}:${hours}:${n}`;

export type EstimateFollowUpSettings = {
  estimateFollowUpDays: number | null;
  estimateReminderHours: number;
  followUpChannel: number;
};

export async function getEstimateFollowUpSettings(
  exec: Executor,
  companyId: number,
): Promise<EstimateFollowUpSettings> {
  const [row] = await exec
    .select({
      estimateFollowUpDays: reminderSettings.estimateFollowUpDays,
      estimateReminderHours: reminderSettings.estimateReminderHours,
      followUpChannel: reminderSettings.followUpChannel,
    })
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId));
  return row ?? { estimateFollowUpDays: null, estimateReminderHours: 0, followUpChannel: 3 };
}

/** The settings form on /settings/reminders: off (""), or 1 to 60 days after sending; reminders none, 24, 48 or 72 hours. */
export const estimateFollowUpSettingsSchema = z.object({
  estimateFollowUpDays: planner.daysField(
    1,
    ESTIMATE_FOLLOW_UP_DAYS_MAX,
    `At most ${ESTIMATE_FOLLOW_UP_DAYS_MAX} days after sending`,
  ),
  estimateReminderHours: z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? 0 : Number(v)),
    z
      .number()
      .refine((n) => (ESTIMATE_REMINDER_HOURS as readonly number[]).includes(n), "Choose how often reminders go"),
  ),
});
export type EstimateFollowUpSettingsInput = z.infer<typeof estimateFollowUpSettingsSchema>;

/**
 * When the rows of a send go: the follow-up on the sent day plus `days` at 09:00 in the zone, then
 * a reminder every `hours` (wall-clock hours, so 24/48/72 stay at 09:00 across a DST change).
 */
export function estimateFollowUpTimes(sentAt: Date, days: number, hours: number, timeZone: string): Date[] {
  const count = hours > 0 ? REMINDERS_MAX : 0;
  return Array.from({ length: count + 1 }, (_, n) => planner.moment(sentAt, days, timeZone, n * hours * 60));
}

/** Pending follow-ups of an estimate stop (answered, cancelled, copied, deleted, sent again), in the caller's transaction. */
export async function cancelEstimateFollowUps(
  exec: Executor,
  companyId: number,
  estimateId: number,
  exceptKeys: string[] = [],
): Promise<void> {
  await planner.cancel(exec, companyId, estimateId, exceptKeys);
}

type PlannedRow = { key: string; dueAt: Date };

/** The rows an estimate should have now (none when it is not sent and unanswered, or follow-ups are off). */
function plannedRows(
  estimate: { status: number; approval: number; copiedToJobId: number | null; sentAt: Date | null; timezone: string },
  estimateId: number,
  settings: EstimateFollowUpSettings,
): PlannedRow[] {
  const days = settings.estimateFollowUpDays;
  if (days === null || estimate.status !== SENT || estimate.approval !== NOT_ANSWERED) return [];
  if (estimate.copiedToJobId !== null || !estimate.sentAt) return [];
  const sentAt = estimate.sentAt;
  const hours = settings.estimateReminderHours;
  return estimateFollowUpTimes(sentAt, days, hours, estimate.timezone).map((dueAt, n) => ({
    key: estimateFollowUpKey(estimateId, sentAt, days, hours, n),
    dueAt,
  }));
}

async function findFollowUpState(exec: Executor, companyId: number, estimateId: number) {
  const [row] = await exec
    .select({
      status: estimates.status,
      approval: estimates.approval,
      copiedToJobId: estimates.copiedToJobId,
      sentAt: estimates.sentAt,
      customerId: estimates.customerId,
      timezone: companies.timezone,
    })
    .from(estimates)
    .innerJoin(companies, eq(companies.id, estimates.companyId))
    .where(and(eq(estimates.id, estimateId), eq(estimates.companyId, companyId)));
  return row;
}

/**
 * Brings an estimate's follow-ups in line with it, in the caller's transaction: a sent, unanswered
 * estimate with follow-ups on has the pending rows of its last send still ahead; every other
 * pending row is cancelled. A row already sent is not sent again; moments already past are skipped.
 */
export async function scheduleEstimateFollowUps(
  exec: Executor,
  companyId: number,
  estimateId: number,
  now = new Date(),
) {
  // One after another: `exec` is the caller's transaction, whose one connection runs one query at a time.
  const settings = await getEstimateFollowUpSettings(exec, companyId);
  const estimate = await findFollowUpState(exec, companyId, estimateId);
  const rows = estimate ? plannedRows(estimate, estimateId, settings).filter((r) => r.dueAt > now) : [];
  await cancelEstimateFollowUps(
    exec,
    companyId,
    estimateId,
    rows.map((r) => r.key),
  );
  await planner.write(exec, companyId, settings.followUpChannel, rows);
}

/** Saves the estimate follow-up settings and re-plans the follow-ups of the company's sent, unanswered estimates. */
export async function saveEstimateFollowUpSettings(ctx: CallerContext, input: EstimateFollowUpSettingsInput) {
  const waiting = and(
    eq(estimates.companyId, ctx.companyId),
    eq(estimates.status, SENT),
    eq(estimates.approval, NOT_ANSWERED),
    isNull(estimates.copiedToJobId),
  );
  await planner.saveSettings(
    ctx,
    input,
    { table: estimates, id: estimates.id, where: waiting },
    scheduleEstimateFollowUps,
  );
}

/**
 * The dispatcher's send of one claimed follow-up row: checks the estimate still needs it (sent,
 * unanswered, not copied, the same send and plan), renders template 4 and sends with the row's key
 * as the outbox dedupe key. Returns the row's new state for the dispatcher to write.
 */
export function sendEstimateFollowUp(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  return planner.send(row, {
    find: (estimateId) => findFollowUpState(db, row.companyId, estimateId),
    refusal: async (estimate, estimateId) => {
      if (estimate.status !== SENT || estimate.approval !== NOT_ANSWERED || estimate.copiedToJobId !== null)
        return "The estimate is no longer waiting for an answer";
      const planned = plannedRows(estimate, estimateId, await getEstimateFollowUpSettings(db, row.companyId));
      return planned.some((r) => r.key === row.idempotencyKey)
        ? null
        : "The estimate was sent again or the follow-up settings have changed";
    },
    send: (estimate, estimateId) =>
      sendEstimateMessage(
        {
          companyId: row.companyId,
          estimateId,
          customerId: estimate.customerId,
          channel: row.channel,
          dedupeKey: row.idempotencyKey,
        },
        services,
      ),
    gone: "The estimate no longer exists",
  });
}
