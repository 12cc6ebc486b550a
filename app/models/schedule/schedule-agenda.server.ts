import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, estimateEmployees, estimates, jobCounts, jobEmployees, jobs } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { addDays, type AgendaVisit } from "~/models/schedule/schedule";
import { CALENDAR_HIDDEN_ESTIMATE_STATUS, ESTIMATE_LOOKBACK_DAYS } from "~/models/schedule/schedule-estimates.server";
import { midnightIn, wallClock } from "~/models/schedule/schedule.server";

type AgendaTuple = [
  kind: "job" | "estimate",
  id: number,
  startMs: number,
  endMs: number,
  isAllDay: boolean,
  status: number,
  customerName: string,
  title: string | null,
  address: string,
  geo: { latitude: number; longitude: number } | null,
  phone: string | null,
];

const customerName = sql`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`;
const epochMs = (column: typeof jobs.startTime | typeof estimates.startTime) =>
  sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The day's bounds in the company's zone: [midnight, next midnight). */
export function agendaBounds(date: string, timezone: string) {
  return { from: midnightIn(date, timezone), to: midnightIn(addDays(date, 1), timezone) };
}

/**
 * The agenda's query (exported for its EXPLAIN in the tests): the caller's own job and estimate
 * visits touching the day, not cancelled, as one JSON array in start order. Each half starts from
 * the (company, employee, start) index of its assignments; a visit still running started at most
 * the company's longest visit (jobs) or a month (estimates, as the calendar) before the day.
 */
export function agendaQuery(ctx: CallerContext, from: Date, to: Date) {
  const longest = sql`coalesce((select ${jobCounts.longestVisitSeconds} from ${jobCounts} where ${jobCounts.companyId} = ${ctx.companyId}), 0)`;
  const jobLookback = sql`${from.toISOString()}::timestamptz - make_interval(secs => ${longest})`;
  const estimateLookback = new Date(from.getTime() - ESTIMATE_LOOKBACK_DAYS * 86_400_000).toISOString();
  const jobVisits = db
    .select({
      kind: sql`'job'`.as("kind"),
      id: sql`${jobs.id}`.as("id"),
      startMs: epochMs(jobs.startTime).as("start_ms"),
      endMs: epochMs(jobs.endTime).as("end_ms"),
      isAllDay: sql`${jobs.isAllDay}`.as("is_all_day"),
      status: sql`${jobs.status}`.as("status"),
      customerName: customerName.as("customer_name"),
      title: sql`${jobs.name}`.as("title"),
      address: sql`concat_ws(', ', nullif(${jobs.location}, ''), nullif(${jobs.unitNumber}, ''))`.as("address"),
      geo: sql`${jobs.geoData}`.as("geo"),
      phone: sql`${customers.mainPhoneNumber}`.as("phone"),
    })
    .from(jobEmployees)
    .innerJoin(jobs, eq(jobs.id, jobEmployees.jobId))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobEmployees.companyId, ctx.companyId),
        eq(jobEmployees.userId, ctx.userId),
        sql`${jobEmployees.startTime} >= ${jobLookback}`,
        lt(jobEmployees.startTime, to),
        eq(jobs.companyId, ctx.companyId),
        gt(jobs.endTime, from),
        ne(jobs.status, JobStatus.Cancelled),
      ),
    );
  const estimateVisits = db
    .select({
      kind: sql`'estimate'`.as("kind"),
      id: sql`${estimates.id}`.as("id"),
      startMs: epochMs(estimates.startTime).as("start_ms"),
      endMs: epochMs(estimates.endTime).as("end_ms"),
      isAllDay: sql`${estimates.isAllDay}`.as("is_all_day"),
      status: sql`${estimates.status}`.as("status"),
      customerName: customerName.as("customer_name"),
      // The number tells estimates apart, as on the calendar.
      title: sql`concat('Estimate #', ${estimates.number})`.as("title"),
      address: sql`concat_ws(', ', nullif(${estimates.location}, ''), nullif(${estimates.unitNumber}, ''))`.as(
        "address",
      ),
      geo: sql`${estimates.geoData}`.as("geo"),
      phone: sql`${customers.mainPhoneNumber}`.as("phone"),
    })
    .from(estimateEmployees)
    .innerJoin(estimates, eq(estimates.id, estimateEmployees.estimateId))
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .where(
      and(
        eq(estimateEmployees.companyId, ctx.companyId),
        eq(estimateEmployees.userId, ctx.userId),
        sql`${estimateEmployees.startTime} >= ${estimateLookback}::timestamptz`,
        lt(estimateEmployees.startTime, to),
        eq(estimates.companyId, ctx.companyId),
        gt(estimates.endTime, from),
        ne(estimates.status, CALENDAR_HIDDEN_ESTIMATE_STATUS),
      ),
    );
  const v = sql.raw("v");
  return db
    .select({
      visits: sql<
        AgendaTuple[]
      >`coalesce(json_agg(json_build_array(${v}.kind, ${v}.id, ${v}.start_ms, ${v}.end_ms, ${v}.is_all_day, ${v}.status, ${v}.customer_name, ${v}.title, ${v}.address, ${v}.geo, ${v}.phone) order by ${v}.start_ms, ${v}.kind desc, ${v}.id), '[]'::json)`,
    })
    .from(sql`(${jobVisits} union all ${estimateVisits}) as v`);
}

/**
 * The signed-in user's visits of one day in the company's zone (the agenda of /schedule): their
 * own job and estimate visits, whatever their role, in start order, with the customer's phone and
 * the visit's address. One query.
 */
export async function listAgendaVisits(ctx: CallerContext, date: string, timezone: string): Promise<AgendaVisit[]> {
  const { from, to } = agendaBounds(date, timezone);
  const toWall = wallClock(timezone, from, to);
  const [{ visits }] = await agendaQuery(ctx, from, to);
  return visits.map(([kind, id, startMs, endMs, isAllDay, status, customerName, title, address, geo, phone]) => ({
    kind,
    id: Number(id),
    start: toWall(startMs),
    end: toWall(endMs),
    isAllDay,
    status,
    customerName,
    title: title && title !== customerName ? title : null,
    address: address || null,
    geo: geo && typeof geo.latitude === "number" ? { latitude: geo.latitude, longitude: geo.longitude } : null,
    phone: phone || null,
  }));
}
