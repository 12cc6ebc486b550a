import { and, eq, inArray } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { jobEmployees, jobs } from "~/db/schema";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { rescheduleVisitIn } from "~/models/jobs/jobs.server";
import { nudgeDispatcher } from "~/models/messaging/automatic.server";
import { FieldRuleError } from "~/models/rules";
import type { ApplyPlanInput } from "~/models/routing/routing.schema";
import { wallMinutesBetween } from "~/models/schedule/schedule";
import { wallToInstant } from "~/models/schedule/schedule.server";

const FINISHED: readonly number[] = [JobStatus.Finished, JobStatus.Paid, JobStatus.Cancelled];

/**
 * Saves a plan's times (and technicians) on the schedule through the jobs model's reschedule,
 * each visit with its series scope. Everything is checked first: every visit is the company's
 * (else null: a 404), timed and not finished, and the visits move in one transaction, so a refused
 * plan changes nothing. The arrival window keeps its promised end: a later start
 * narrows it. Answers how many visits changed.
 */
export async function applyPlan(
  ctx: CallerContext,
  input: ApplyPlanInput,
  timezone: string,
  now = new Date(),
): Promise<number | null> {
  const ids = input.visits.map((v) => v.id);
  if (new Set(ids).size !== ids.length) throw new FieldRuleError("A visit appears twice in the plan", "visits");
  const rows = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      isAllDay: jobs.isAllDay,
      startTime: jobs.startTime,
      endTime: jobs.endTime,
      seriesId: jobs.seriesId,
    })
    .from(jobs)
    .where(and(eq(jobs.companyId, ctx.companyId), inArray(jobs.id, ids)));
  if (rows.length !== ids.length) return null;
  const links = await db
    .select({ jobId: jobEmployees.jobId, userId: jobEmployees.userId })
    .from(jobEmployees)
    .where(and(eq(jobEmployees.companyId, ctx.companyId), inArray(jobEmployees.jobId, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const changes = input.visits.map((visit) => {
    const row = byId.get(visit.id)!;
    if (FINISHED.includes(row.status) || row.isAllDay || !row.startTime)
      throw new FieldRuleError("A visit of the plan can no longer be moved: plan the day again", "visits");
    const startTime = wallToInstant(visit.start, timezone);
    const endTime = wallToInstant(visit.end, timezone);
    if (!startTime || !endTime) throw new FieldRuleError("The plan's times are not valid", "visits");
    const current = links.filter((l) => l.jobId === visit.id).map((l) => l.userId);
    const sameTechnician = current.length === 1 && current[0] === visit.employeeId;
    const unchanged =
      sameTechnician && startTime.getTime() === row.startTime.getTime() && endTime.getTime() === row.endTime?.getTime();
    return {
      visit,
      startTime,
      endTime,
      unchanged,
      employeeIds: sameTechnician ? undefined : [visit.employeeId],
      arrivalWindowOffset: Math.max(0, wallMinutesBetween(visit.start, visit.windowEnd)),
      inSeries: row.seriesId !== null,
    };
  });
  // One transaction: a plan is saved whole or not at all (a visit refused halfway undoes the others).
  const { moved, queued } = await db.transaction(async (tx) => {
    let count = 0;
    let anyQueued = false;
    for (const change of changes) {
      if (change.unchanged) continue;
      const { result, queued } = await rescheduleVisitIn(
        tx,
        ctx,
        {
          id: change.visit.id,
          startTime: change.startTime,
          endTime: change.endTime,
          isAllDay: false,
          arrivalWindowOffset: change.arrivalWindowOffset,
          employeeIds: change.employeeIds,
          recurrentEventEditOption: change.inSeries ? change.visit.scope : undefined,
          timezone,
        },
        now,
      );
      if (result) count++;
      anyQueued ||= queued;
    }
    return { moved: count, queued: anyQueued };
  });
  if (queued) nudgeDispatcher();
  return moved;
}
