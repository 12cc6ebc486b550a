import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, estimateEmployees, estimates } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { EstimateStatus } from "~/models/estimates/estimates.schema";
import { estimateRecord, getEstimate, scheduleEstimate } from "~/models/estimates/estimates.server";
import { isFieldTech, visibleToCaller } from "~/models/visits/visit-records.server";
import { laneDropEmployees, type ScheduleVisit } from "~/models/schedule/schedule";
import type { MoveVisitInput } from "~/models/schedule/schedule.schema";

/**
 * Estimate visits on the calendar (docs/decisions/055-schedule-estimate-visits.md). A
 * cancelled estimate leaves the calendar as a cancelled job does; the others keep their visit.
 */
export const CALENDAR_HIDDEN_ESTIMATE_STATUS = EstimateStatus.Cancelled;

/**
 * How long before the range an estimate visit still showing in it may have started. Estimates
 * keep no longest-visit figure as jobs do (job_counts), so the index range reaches back a fixed
 * month: a longer estimate visit shows only from the weeks it starts in.
 */
export const ESTIMATE_LOOKBACK_DAYS = 31;

type EstimateRange = { from: Date; to: Date; employeeIds?: number[] };

const epochMs = (column: typeof estimates.startTime) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The estimate visits of the visible range, in one query on the (company, start) index, or the
 * (company, employee, start) index when narrowed to employees. The caller's visibility is the
 * estimates model's own (a field tech: assigned ones only). Few per range next to jobs, so each
 * comes whole (the views need no second look-up).
 */
export async function listScheduleEstimates(
  ctx: CallerContext,
  q: EstimateRange,
  toWall: (instant: number) => string,
): Promise<ScheduleVisit[]> {
  const rows = await scheduleEstimatesQuery(ctx, q);
  return rows.map((r) => {
    const visit: ScheduleVisit = {
      id: r.id,
      start: toWall(r.startMs),
      end: toWall(r.endMs),
      status: r.status,
      isRecurring: false,
      customerName: r.customerName,
      // The number tells estimates apart; the name only when it says more than the default.
      title: r.name && r.name !== r.customerName && r.name !== "Estimate" ? `#${r.number} ${r.name}` : `#${r.number}`,
      employeeIds: r.employeeIds,
      estimate: true,
    };
    if (r.isAllDay) visit.isAllDay = true;
    if (r.address) visit.address = r.address;
    return visit;
  });
}

/** The range query itself (exported for its EXPLAIN in the tests). */
export function scheduleEstimatesQuery(ctx: CallerContext, q: EstimateRange) {
  const lookback = new Date(q.from.getTime() - ESTIMATE_LOOKBACK_DAYS * 86_400_000).toISOString();
  const employeeIds = isFieldTech(ctx) ? [ctx.userId] : (q.employeeIds ?? []);
  const assigned = employeeIds.length
    ? inArray(
        estimates.id,
        db
          .select({ estimateId: estimateEmployees.estimateId })
          .from(estimateEmployees)
          .where(
            and(
              eq(estimateEmployees.companyId, ctx.companyId),
              inArray(estimateEmployees.userId, employeeIds),
              sql`${estimateEmployees.startTime} >= ${lookback}::timestamptz`,
              lt(estimateEmployees.startTime, q.to),
            ),
          ),
      )
    : undefined;
  return db
    .select({
      id: estimates.id,
      startMs: epochMs(estimates.startTime),
      endMs: epochMs(estimates.endTime),
      isAllDay: estimates.isAllDay,
      status: estimates.status,
      customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
      name: estimates.name,
      number: estimates.number,
      address: sql<string>`concat_ws(', ', nullif(${estimates.location}, ''), nullif(${estimates.unitNumber}, ''))`,
      employeeIds: sql<
        number[]
      >`array(select ${estimateEmployees.userId} from ${estimateEmployees} where ${estimateEmployees.estimateId} = ${estimates.id} order by ${estimateEmployees.userId})`,
    })
    .from(estimates)
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .where(
      and(
        visibleToCaller(ctx, estimateRecord),
        sql`${estimates.startTime} >= ${lookback}::timestamptz`,
        lt(estimates.startTime, q.to),
        gt(estimates.endTime, q.from),
        ne(estimates.status, CALENDAR_HIDDEN_ESTIMATE_STATUS),
        assigned,
      ),
    )
    .orderBy(estimates.startTime, estimates.id);
}

/**
 * A drop of an estimate visit on the calendar: the estimates model reschedules it by its own rules
 * (only scheduled, on my way, started and unscheduled estimates move). Dropping on another lane
 * swaps that employee for the lane's, as for a job. Null when the caller cannot see it.
 */
export async function moveEstimateVisit(
  ctx: CallerContext,
  input: MoveVisitInput,
  times: { startTime: Date; endTime: Date },
  timezone: string,
) {
  let employeeIds: number[] | undefined;
  if (input.intent === "move" && input.employeeId !== undefined && input.employeeId !== input.fromEmployeeId) {
    const estimate = await getEstimate(ctx, input.jobId);
    if (!estimate) return null;
    employeeIds = laneDropEmployees(estimate.employeeIds, input.employeeId, input.fromEmployeeId);
  }
  return scheduleEstimate(ctx, { id: input.jobId, ...times, isAllDay: input.isAllDay, employeeIds, timezone });
}
