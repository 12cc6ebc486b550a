import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { jobEmployees, jobLineItems, jobs, jobSeries, jobTags } from "~/db/schema";
import { expandOccurrences, shiftWall, type SeriesRule } from "~/models/jobs/job-recurrence";
import { JobStatus, SERIES_HORIZON_MONTHS, SERIES_MAX_VISITS, type RecurrenceInput } from "~/models/jobs/jobs.schema";
import { syncReminders } from "~/models/messaging/automatic.server";
import { assignSeriesChecklists } from "~/models/checklists/assigned-checklists.server";

/** Series internals shared by jobs.server.ts: expansion horizon, visit copies, rule rows. */

export type SeriesRow = typeof jobSeries.$inferSelect;

export const newPublicToken = () => randomBytes(18).toString("base64url");

/** The instant up to which visits exist as rows. */
export function horizonFrom(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() + SERIES_HORIZON_MONTHS);
  return d;
}

export const ruleOf = (s: SeriesRow): SeriesRule => ({
  frequency: s.frequency,
  interval: s.interval,
  count: s.count,
  until: s.until,
  setPosition: s.setPosition,
  daysOfWeek: s.daysOfWeek,
  daysOfMonth: s.daysOfMonth,
  daysOfYear: s.daysOfYear,
  month: s.month,
  weekNumber: s.weekNumber,
  dtstart: s.dtstart,
  timezone: s.timezone,
});

/** The rule columns from a recurrence input. */
export function ruleColumns(input: RecurrenceInput) {
  return {
    frequency: input.frequency,
    interval: input.interval ?? 1,
    count: input.count ?? null,
    until: input.until ?? null,
    setPosition: input.setPosition ?? null,
    daysOfWeek: input.daysOfWeek?.length ? input.daysOfWeek : null,
    daysOfMonth: input.daysOfMonth?.length ? input.daysOfMonth : null,
    daysOfYear: input.daysOfYear?.length ? input.daysOfYear : null,
    month: input.month ?? null,
    weekNumber: input.weekNumber ?? null,
    onWeekBasis: input.onWeekBasis ?? false,
  };
}

/** The recurrence of a series in the API's shape. */
export function recurrenceOf(s: SeriesRow) {
  const { dtstart: _dtstart, timezone: _timezone, ...rule } = ruleOf(s);
  return { ...rule, until: s.until?.toISOString() ?? null, onWeekBasis: s.onWeekBasis };
}

type Template = typeof jobs.$inferSelect;

/**
 * Inserts visits of a series as copies of a template visit (fields, line items, employees,
 * tags), one multi-row insert per table.
 */
export async function insertVisitCopies(
  tx: Executor,
  template: Template,
  seriesId: number,
  starts: Date[],
  durationMinutes: number,
  timeZone: string,
): Promise<number[]> {
  if (starts.length === 0) return [];
  // One after another: the transaction's one connection runs one query at a time.
  const lines = await tx
    .select()
    .from(jobLineItems)
    .where(eq(jobLineItems.jobId, template.id))
    .orderBy(asc(jobLineItems.position));
  const employees = await tx
    .select({ userId: jobEmployees.userId })
    .from(jobEmployees)
    .where(eq(jobEmployees.jobId, template.id));
  const tagRows = await tx.select({ tagId: jobTags.tagId }).from(jobTags).where(eq(jobTags.jobId, template.id));
  const status = template.status === JobStatus.Prescheduled ? JobStatus.Prescheduled : JobStatus.Scheduled;
  const {
    id: _id,
    publicToken: _t,
    searchVector: _v,
    createdAt: _c,
    updatedAt: _u,
    paidCents: _p,
    ...fields
  } = template;
  const ids: number[] = [];
  for (let i = 0; i < starts.length; i += 500) {
    const chunk = starts.slice(i, i + 500);
    const rows = await tx
      .insert(jobs)
      .values(
        chunk.map((start) => ({
          ...fields,
          status,
          seriesId,
          seriesOccurrence: start,
          startTime: start,
          endTime: shiftWall(start, durationMinutes, timeZone),
          publicToken: newPublicToken(),
        })),
      )
      .returning({ id: jobs.id, startTime: jobs.startTime });
    ids.push(...rows.map((r) => r.id));
    const lineRows = rows.flatMap((r) => lines.map(({ id: _l, jobId: _j, ...line }) => ({ ...line, jobId: r.id })));
    for (let j = 0; j < lineRows.length; j += 2000) await tx.insert(jobLineItems).values(lineRows.slice(j, j + 2000));
    const employeeRows = rows.flatMap((r) =>
      employees.map((e) => ({ jobId: r.id, userId: e.userId, companyId: template.companyId, startTime: r.startTime })),
    );
    for (let j = 0; j < employeeRows.length; j += 5000)
      await tx.insert(jobEmployees).values(employeeRows.slice(j, j + 5000));
    const tagInserts = rows.flatMap((r) =>
      tagRows.map((t) => ({ jobId: r.id, tagId: t.tagId, companyId: template.companyId })),
    );
    for (let j = 0; j < tagInserts.length; j += 5000) await tx.insert(jobTags).values(tagInserts.slice(j, j + 5000));
  }
  // Visits materialised now (a new series, a later horizon, one on demand) get their reminders too.
  await syncReminders(tx, template.companyId, ids);
  // ...and the forms assigned to the series "with its recurring visits".
  await assignSeriesChecklists(tx, template.companyId, seriesId, ids);
  return ids;
}

/** Occurrences of a series after an instant and up to the horizon, capped per request. */
export function occurrencesUpTo(series: SeriesRow, after: Date | null, until: Date): Date[] {
  return expandOccurrences(ruleOf(series), { after, before: until, limit: SERIES_MAX_VISITS });
}

/**
 * Extends a series' visits up to a new horizon, copying its latest visit. Marks the series
 * complete when its rule has no more occurrences.
 */
export async function extendSeries(tx: Executor, series: SeriesRow, horizon: Date): Promise<number> {
  if (series.isComplete || series.materializedUntil >= horizon) return 0;
  const [template] = await tx
    .select()
    .from(jobs)
    .where(eq(jobs.seriesId, series.id))
    .orderBy(sql`${jobs.seriesOccurrence} desc nulls last`)
    .limit(1);
  if (!template) {
    await tx.update(jobSeries).set({ isComplete: true }).where(eq(jobSeries.id, series.id));
    return 0;
  }
  // Visits created ahead of the horizon on demand (createJobForEvent) already exist.
  const ahead = await tx
    .select({ occurrence: jobs.seriesOccurrence })
    .from(jobs)
    .where(and(eq(jobs.seriesId, series.id), sql`${jobs.seriesOccurrence} > ${series.materializedUntil}`));
  const existing = new Set(ahead.map((r) => r.occurrence?.getTime()));
  const starts = occurrencesUpTo(series, series.materializedUntil, horizon).filter((d) => !existing.has(d.getTime()));
  await insertVisitCopies(tx, template, series.id, starts, series.durationMinutes, series.timezone);
  const exhausted =
    expandOccurrences(ruleOf(series), {
      after: horizon,
      before: new Date(horizon.getTime() + 20 * 366 * 86_400_000),
      limit: 1,
    }).length === 0;
  await tx
    .update(jobSeries)
    .set({ materializedUntil: horizon, isComplete: exhausted })
    .where(eq(jobSeries.id, series.id));
  return starts.length;
}

/** Deletes visits by id (within the company) with everything that hangs on them (cascades). */
export async function deleteVisits(tx: Executor, companyId: number, ids: number[]) {
  for (let i = 0; i < ids.length; i += 5000)
    await tx.delete(jobs).where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids.slice(i, i + 5000))));
}
