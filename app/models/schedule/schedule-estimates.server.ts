import { and, eq, gt, inArray, lt, ne, sql, type SQLWrapper } from "drizzle-orm";
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

type EstimateVisitTuple = [
  id: number,
  startMs: number,
  endMs: number,
  isAllDay: boolean,
  status: number,
  customerName: string,
  name: string | null,
  number: number,
  address: string,
  employeeIds: number[],
];

/**
 * The estimate visits of the visible range, in one query on the (company, start) index, or the
 * (company, employee, start) index when narrowed to employees. The caller's visibility is the
 * estimates model's own (a field tech: assigned ones only). `ids`: only those (the week and month
 * views read the details of the visits they draw, after laying out their times).
 */
export async function listScheduleEstimates(
  ctx: CallerContext,
  q: EstimateRange,
  toWall: (instant: number) => string,
  ids?: number[],
): Promise<ScheduleVisit[]> {
  if (ids?.length === 0) return [];
  const [{ visits }] = await scheduleEstimatesQuery(ctx, q, ids);
  return visits.map(([id, startMs, endMs, isAllDay, status, customerName, name, number, address, employeeIds]) => {
    const visit: ScheduleVisit = {
      id,
      start: toWall(startMs),
      end: toWall(endMs),
      status,
      isRecurring: false,
      customerName,
      // The number tells estimates apart; the name only when it says more than the default.
      title: name && name !== customerName && name !== "Estimate" ? `#${number} ${name}` : `#${number}`,
      employeeIds,
      estimate: true,
    };
    if (isAllDay) visit.isAllDay = true;
    if (address) visit.address = address;
    return visit;
  });
}

/** The times of the range's estimate visits (no join, no employees): what the week and month views lay out. */
export async function listScheduleEstimateTimes(
  ctx: CallerContext,
  q: EstimateRange,
): Promise<Array<[id: number, startMs: number, endMs: number, isAllDay: boolean]>> {
  const [{ times }] = await db
    .select({
      times: visitTuples<[id: number, startMs: number, endMs: number, isAllDay: boolean]>([
        estimates.id,
        epochMs(estimates.startTime),
        epochMs(estimates.endTime),
        estimates.isAllDay,
      ]),
    })
    .from(estimates)
    .where(estimateRange(ctx, q));
  return times;
}

/**
 * The range query itself (exported for its EXPLAIN in the tests): one row whose `visits` is a JSON
 * array of tuples, as the jobs' range query does, since a busy week has hundreds of estimate visits
 * and one JSON value parses far faster than as many rows.
 */
export function scheduleEstimatesQuery(ctx: CallerContext, q: EstimateRange, ids?: number[]) {
  const fields = [
    estimates.id,
    epochMs(estimates.startTime),
    epochMs(estimates.endTime),
    estimates.isAllDay,
    estimates.status,
    sql`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
    estimates.name,
    estimates.number,
    sql`concat_ws(', ', nullif(${estimates.location}, ''), nullif(${estimates.unitNumber}, ''))`,
    sql`array(select ${estimateEmployees.userId} from ${estimateEmployees} where ${estimateEmployees.estimateId} = ${estimates.id} order by ${estimateEmployees.userId})`,
  ];
  return db
    .select({ visits: visitTuples<EstimateVisitTuple>(fields) })
    .from(estimates)
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .where(and(estimateRange(ctx, q), ids ? inArray(estimates.id, ids) : undefined));
}

const visitTuples = <T>(fields: SQLWrapper[]) =>
  sql<
    T[]
  >`coalesce(json_agg(json_build_array(${sql.join(fields, sql`, `)}) order by ${estimates.startTime}, ${estimates.id}), '[]'::json)`;

/** The estimates a range shows: starting in it (or up to ESTIMATE_LOOKBACK_DAYS before and still running), not cancelled, visible to the caller. */
function estimateRange(ctx: CallerContext, q: EstimateRange) {
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
  return and(
    visibleToCaller(ctx, estimateRecord),
    sql`${estimates.startTime} >= ${lookback}::timestamptz`,
    lt(estimates.startTime, q.to),
    gt(estimates.endTime, q.from),
    ne(estimates.status, CALENDAR_HIDDEN_ESTIMATE_STATUS),
    assigned,
  );
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
