import { and, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, jobCounts, jobEmployees, jobs, users } from "~/db/schema";
import { forbidden, type CallerContext } from "~/access/access.server";
import { fromFloating, toFloating } from "~/models/jobs/job-recurrence";
import { getVisit, rescheduleVisit, type JobDetails, type RescheduleResult } from "~/models/jobs/jobs.server";
import { EditScope, JobStatus, type RecurrenceInput } from "~/models/jobs/jobs.schema";
import { Role } from "~/access/roles";
import {
  recurrenceFormValues,
  recurrenceFromForm,
  type MoveVisitInput,
  type ScheduleFormInput,
} from "~/models/schedule/schedule.schema";
import {
  listScheduleEstimates,
  listScheduleEstimateTimes,
  moveEstimateVisit,
} from "~/models/schedule/schedule-estimates.server";
import {
  DEFAULT_VIEW,
  addDays,
  isDateText,
  isScheduleView,
  joinWall,
  laneDropEmployees,
  layoutMonth,
  layoutTimeGrid,
  splitWall,
  visibleDays,
  type MonthDay,
  type ScheduleEmployee,
  type ScheduleQuery,
  type ScheduleView,
  type ScheduleVisit,
  type TimeGridLayout,
  type UnscheduledJob,
} from "~/models/schedule/schedule";
import { DATE_LONG, dayjs, formatTimeText, parseTimeText, TIME } from "~/utils/format";

/** The unscheduled jobs list beside the calendar shows the newest ones. */
export const UNSCHEDULED_LIMIT = 25;

export const isFieldTech = (ctx: CallerContext) => ctx.role === Role.FieldTech;

/** Today's date in a zone. */
export const todayIn = (timezone: string, now = new Date()) => dayjs(now).tz(timezone).format("YYYY-MM-DD");

/**
 * A wall-clock 'YYYY-MM-DDTHH:mm' in a zone, as an instant, by the jobs model's rule: a time
 * skipped by a spring-forward change moves forward, an ambiguous one takes the first.
 */
export function wallToInstant(wall: string, timezone: string): Date | null {
  if (!splitWall(wall)) return null;
  return fromFloating(new Date(`${wall}:00Z`), timezone);
}

/** Midnight of a 'YYYY-MM-DD' date in a zone, as an instant. */
export const midnightIn = (date: string, timezone: string): Date => wallToInstant(`${date}T00:00`, timezone)!;

/** Reads ?view=week&date=2026-11-22&employees=1,2 (anything malformed falls back to the defaults). */
export function parseScheduleQuery(url: URL, timezone: string): ScheduleQuery {
  const view = url.searchParams.get("view");
  const date = url.searchParams.get("date");
  const employees = url.searchParams.getAll("employees").flatMap((v) => v.split(","));
  const employeeIds = [...new Set(employees.map((v) => Number(v)).filter((n) => Number.isInteger(n) && n > 0))].slice(
    0,
    200,
  );
  return {
    view: isScheduleView(view) ? view : DEFAULT_VIEW,
    date: isDateText(date) ? date : todayIn(timezone),
    employeeIds,
  };
}

/** Whether the URL names a view: without one, phones get the day's agenda instead of the default grid. */
export const scheduleViewChosen = (url: URL) => isScheduleView(url.searchParams.get("view"));

/** The instants bounding a view's days in the company's zone: [from, to). */
export function scheduleBounds(view: ScheduleView, date: string, timezone: string) {
  const days = visibleDays(view, date);
  return { days, from: midnightIn(days[0], timezone), to: midnightIn(addDays(days[days.length - 1], 1), timezone) };
}

const customerName = sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`;
const employeeIdsOf = sql<
  number[]
>`array(select ${jobEmployees.userId} from ${jobEmployees} where ${jobEmployees.jobId} = ${jobs.id} order by ${jobEmployees.userId})`;

/** Cancelled visits leave the calendar (as in the jobs model's range query). */
const CALENDAR_HIDDEN_STATUS = JobStatus.Cancelled;
type VisitTuple = [
  id: number,
  startMs: number,
  endMs: number,
  isAllDay: boolean,
  status: number,
  isRecurring: boolean,
  customerName: string,
  title: string | null,
  employeeIds: number[],
];
// Epoch milliseconds, not Date objects: hundreds of rows convert with plain arithmetic below.
const epochMs = (column: typeof jobs.startTime) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

const DAY_MS = 86_400_000;
/** 'HH:mm' of each minute of a day. */
const CLOCK = Array.from(
  { length: 1440 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
);

const zoneOffset = (ms: number, timezone: string) => toFloating(new Date(ms), timezone).getTime() - ms;

/**
 * Converts instants (epoch ms) to wall-clock 'YYYY-MM-DDTHH:mm' in a zone for a whole range at
 * the cost of a few zone look-ups: the offset is read at the range's ends and a daylight-saving
 * change inside is found by bisection; instants outside the range are looked up one by one.
 */
export function wallClock(timezone: string, from: Date, to: Date): (instant: number) => string {
  const changes: Array<{ at: number; offset: number }> = [];
  const search = (lo: number, hi: number, loOffset: number, hiOffset: number) => {
    if (loOffset === hiOffset) return;
    if (hi - lo <= 60_000) {
      // Zones change on whole minutes: the change is the first minute mark after lo.
      changes.push({ at: Math.floor(lo / 60_000) * 60_000 + 60_000, offset: hiOffset });
      return;
    }
    const mid = lo + Math.floor((hi - lo) / 2);
    const midOffset = zoneOffset(mid, timezone);
    search(lo, mid, loOffset, midOffset);
    search(mid, hi, midOffset, hiOffset);
  };
  const a = from.getTime();
  const b = to.getTime();
  const first = zoneOffset(a, timezone);
  search(a, b, first, zoneOffset(b, timezone));
  // A page's instants fall on a few days: each day's text is made once (toISOString per instant was most of the cost).
  const dayTexts = new Map<number, string>();
  return (ms) => {
    let offset = first;
    if (ms < a || ms > b) offset = zoneOffset(ms, timezone);
    else for (const c of changes) if (ms >= c.at) offset = c.offset;
    const local = ms + offset;
    const day = Math.floor(local / DAY_MS);
    let date = dayTexts.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      dayTexts.set(day, date);
    }
    return `${date}T${CLOCK[Math.floor((local - day * DAY_MS) / 60_000)]}`;
  };
}

/**
 * The visits of the visible range as the calendar draws them, in one query on the (company,
 * start) index, or the (company, employee, start) index when narrowed to employees, with the
 * assigned employees as an array. Times become wall clock in the company's zone in Node, with
 * the same zone data as the jobs model (the embedded database's zone data can differ). A field
 * tech only ever gets their own visits.
 */
export async function listScheduleVisits(ctx: CallerContext, q: VisitRange): Promise<ScheduleVisit[]> {
  return visitsWhere(rangeCondition(ctx, q), wallClock(q.timezone, q.from, q.to));
}

/** The day view's visits: the jobs' and the estimates', in start order. */
async function listDayVisits(ctx: CallerContext, q: VisitRange): Promise<ScheduleVisit[]> {
  const toWall = wallClock(q.timezone, q.from, q.to);
  const [jobVisits, estimateVisits] = await Promise.all([
    visitsWhere(rangeCondition(ctx, q), toWall),
    listScheduleEstimates(ctx, q, toWall),
  ]);
  return estimateVisits.length ? [...jobVisits, ...estimateVisits].sort(byStart) : jobVisits;
}

type VisitRange = { from: Date; to: Date; employeeIds?: number[]; timezone: string };

/**
 * The visits a range shows: starting in it, or started before and still running, not cancelled; a
 * field tech's own only. A visit still running started at most the company's longest visit before
 * the range (job_counts, kept by triggers): the index range is that wide, not a fixed month.
 */
function rangeCondition(ctx: CallerContext, q: VisitRange): SQL {
  const longest = sql`coalesce((select ${jobCounts.longestVisitSeconds} from ${jobCounts} where ${jobCounts.companyId} = ${ctx.companyId}), 0)`;
  const lookback = sql`${q.from.toISOString()}::timestamptz - make_interval(secs => ${longest})`;
  const employeeIds = isFieldTech(ctx) ? [ctx.userId] : (q.employeeIds ?? []);
  const assigned = employeeIds.length
    ? inArray(
        jobs.id,
        db
          .select({ jobId: jobEmployees.jobId })
          .from(jobEmployees)
          .where(
            and(
              eq(jobEmployees.companyId, ctx.companyId),
              inArray(jobEmployees.userId, employeeIds),
              sql`${jobEmployees.startTime} >= ${lookback}`,
              lt(jobEmployees.startTime, q.to),
            ),
          ),
      )
    : undefined;
  return and(
    eq(jobs.companyId, ctx.companyId),
    sql`${jobs.startTime} >= ${lookback}`,
    lt(jobs.startTime, q.to),
    gt(jobs.endTime, q.from),
    ne(jobs.status, CALENDAR_HIDDEN_STATUS),
    assigned,
  )!;
}

/**
 * Visits as one JSON array of [id, startMs, endMs, ...fields] tuples in start order: one value, not
 * a row per visit, since on the embedded database reading 1,300 rows through the wire protocol cost
 * twice the query itself (week view: 25 to 13 ms).
 */
const visitTuples = <T>(...fields: SQLWrapper[]) =>
  sql<
    T[]
  >`coalesce(json_agg(json_build_array(${sql.join([jobs.id, epochMs(jobs.startTime), epochMs(jobs.endTime), ...fields], sql`, `)}) order by ${jobs.startTime}, ${jobs.id}), '[]'::json)`;

async function visitsWhere(where: SQL, toWall: (instant: number) => string): Promise<ScheduleVisit[]> {
  const [{ visits }] = await db
    .select({
      visits: visitTuples<VisitTuple>(
        jobs.isAllDay,
        jobs.status,
        sql`${jobs.seriesId} is not null`,
        customerName,
        jobs.name,
        employeeIdsOf,
      ),
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(where);
  // What the calendar does not draw stays out of the page: isAllDay when false, a title that is missing or the customer's name.
  return visits.map(([id, startMs, endMs, isAllDay, status, isRecurring, customerName, title, employeeIds]) => {
    const visit: ScheduleVisit = {
      id,
      start: toWall(startMs),
      end: toWall(endMs),
      status,
      isRecurring,
      customerName,
      employeeIds,
    };
    if (isAllDay) visit.isAllDay = true;
    if (title && title !== customerName) visit.title = title;
    return visit;
  });
}

/**
 * The month view: a busy company has 5,000 visits in a month and shows three a day. Their times
 * come first (no join, no employees), then the details of the shown ones only.
 */
async function listMonthDays(
  ctx: CallerContext,
  q: VisitRange,
  days: readonly string[],
): Promise<{ month: MonthDay[]; visitCount: number }> {
  const { light: visits, toWall } = await lightVisits(ctx, q);
  const light = layoutMonth(days, visits);
  const whole = await drawnVisits(
    ctx,
    q,
    toWall,
    light.flatMap((d) => d.visits),
  );
  const month = light.map((d) => ({
    ...d,
    visits: d.visits.map(whole).filter((v) => v !== undefined),
  }));
  return { month, visitCount: visits.length };
}

/**
 * The week view: a busy company has 1,300 visits in a week and draws about 170 (the rest fold
 * into '+N more'). As in the month view, their times come first (no join, no employees), the
 * grid is laid out, then the details of the drawn ones only are read.
 */
async function listWeekGrid(
  ctx: CallerContext,
  q: VisitRange,
  days: readonly string[],
): Promise<{ grid: TimeGridLayout; visitCount: number }> {
  const { light: visits, toWall } = await lightVisits(ctx, q);
  // Each visit goes to the days it touches (one pass, not one per day).
  const byDay = new Map<string, LightVisit[]>(days.map((date) => [date, []]));
  for (const visit of visits) {
    const first = visit.start.slice(0, 10);
    const last = visit.end.slice(0, 10);
    for (const date of first === last ? [first] : days.filter((d) => d >= first && d <= last))
      byDay.get(date)?.push(visit);
  }
  const light = layoutTimeGrid(days.map((date) => ({ key: date, date, visits: byDay.get(date)! })));
  const whole = await drawnVisits(
    ctx,
    q,
    toWall,
    light.columns.flatMap((c) => [...c.allDay, ...c.placed.map((p) => p.visit)]),
  );
  const columns = light.columns.map((c) => ({
    ...c,
    allDay: c.allDay.map(whole).filter((v) => v !== undefined),
    placed: c.placed.flatMap((p) => {
      const visit = whole(p.visit);
      return visit ? [{ ...p, visit }] : [];
    }),
  }));
  return { grid: { hours: light.hours, columns }, visitCount: visits.length };
}
type LightVisit = Pick<ScheduleVisit, "id" | "start" | "end" | "isAllDay" | "estimate">;

const byStart = (a: { start: string }, b: { start: string }) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);

/**
 * The month and week views' first step: the times of the range's job and estimate visits (no
 * join, no employees), in start order, to lay out before reading the details of the drawn ones.
 */
async function lightVisits(ctx: CallerContext, q: VisitRange) {
  const toWall = wallClock(q.timezone, q.from, q.to);
  const [[{ times }], estimateTimes] = await Promise.all([
    db
      .select({ times: visitTuples<[id: number, startMs: number, endMs: number, isAllDay: boolean]>(jobs.isAllDay) })
      .from(jobs)
      .where(rangeCondition(ctx, q)),
    listScheduleEstimateTimes(ctx, q),
  ]);
  const light: LightVisit[] = times.map(([id, startMs, endMs, isAllDay]) => ({
    id,
    start: toWall(startMs),
    end: toWall(endMs),
    isAllDay,
  }));
  if (estimateTimes.length) {
    for (const [id, startMs, endMs, isAllDay] of estimateTimes)
      light.push({ id, start: toWall(startMs), end: toWall(endMs), isAllDay, estimate: true });
    light.sort(byStart);
  }
  return { light, toWall };
}

/**
 * The whole visits of the laid-out ones a view draws: the jobs' and the estimates' details read
 * side by side, by id; the answer turns a laid-out visit into its whole one (undefined when it
 * went away in between).
 */
async function drawnVisits(
  ctx: CallerContext,
  q: VisitRange,
  toWall: (instant: number) => string,
  drawn: readonly LightVisit[],
): Promise<(visit: LightVisit) => ScheduleVisit | undefined> {
  const jobIds = new Set<number>();
  const estimateIds = new Set<number>();
  for (const v of drawn) (v.estimate ? estimateIds : jobIds).add(v.id);
  const [jobVisits, estimateVisits] = await Promise.all([
    jobIds.size ? visitsWhere(and(eq(jobs.companyId, ctx.companyId), inArray(jobs.id, [...jobIds]))!, toWall) : [],
    listScheduleEstimates(ctx, q, toWall, [...estimateIds]),
  ]);
  const jobsById = new Map(jobVisits.map((v) => [v.id, v]));
  const estimatesById = new Map(estimateVisits.map((v) => [v.id, v]));
  return (v) => (v.estimate ? estimatesById : jobsById).get(v.id);
}

/**
 * The calendar's side data in one round trip: the company's employees (lanes, colours, the
 * filter) and the newest unscheduled jobs. A field tech gets only themself and their own jobs.
 */
export async function scheduleSideData(
  ctx: CallerContext,
  q: { employeeIds?: number[] } = {},
): Promise<{ employees: ScheduleEmployee[]; unscheduled: UnscheduledJob[] }> {
  const tech = isFieldTech(ctx);
  const staff = and(
    eq(users.companyId, ctx.companyId),
    isNull(users.deletedAt),
    tech ? eq(users.id, ctx.userId) : undefined,
  );
  const employeeFilter = tech ? [ctx.userId] : (q.employeeIds ?? []);
  const unscheduledWhere = and(
    eq(jobs.companyId, ctx.companyId),
    eq(jobs.status, JobStatus.Unscheduled),
    employeeFilter.length
      ? inArray(
          jobs.id,
          db
            .select({ jobId: jobEmployees.jobId })
            .from(jobEmployees)
            .where(and(eq(jobEmployees.companyId, ctx.companyId), inArray(jobEmployees.userId, employeeFilter))),
        )
      : undefined,
  );
  const employeesQuery = sql`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'color', ${users.color})
    order by ${users.firstName}, ${users.lastName}, ${users.id}), '[]'::json) from ${users} where ${staff})`;
  const newest = db
    .select({
      id: jobs.id,
      customerName: customerName.as("customerName"),
      title: sql<string | null>`${jobs.name}`.as("title"),
    })
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(unscheduledWhere)
    .orderBy(desc(jobs.id))
    .limit(UNSCHEDULED_LIMIT)
    .as("newest");
  const unscheduledQuery = sql`(select coalesce(json_agg(json_build_object('id', ${newest.id}, 'customerName', ${newest.customerName}, 'title', ${newest.title}) order by ${newest.id} desc), '[]'::json) from ${newest})`;
  const [row] = await db
    .select({
      employees: sql<
        Array<{ id: number; firstName: string; lastName: string; color: string | null }>
      >`${employeesQuery}`,
      unscheduled: sql<UnscheduledJob[]>`${unscheduledQuery}`,
    })
    .from(sql`(select 1) as one`);
  const employees = (row?.employees ?? []).map((e) => ({
    id: Number(e.id),
    name: `${e.firstName} ${e.lastName}`.trim(),
    color: e.color,
  }));
  const unscheduled = (row?.unscheduled ?? []).map((u) => ({ ...u, id: Number(u.id) }));
  return { employees, unscheduled };
}

export type ScheduleData = ScheduleQuery & {
  timezone: string;
  today: string;
  days: string[];
  /** Visits in the range (some may fold into '+N more'). */
  visitCount: number;
  /** Day and week views. */
  grid: TimeGridLayout | null;
  /** Day view: the employee lanes, 0 = unassigned. */
  lanes: ScheduleEmployee[] | null;
  /** Month view. */
  month: MonthDay[] | null;
  employees: ScheduleEmployee[];
  unscheduled: UnscheduledJob[];
};

/** The calendar's parts left empty: the agenda page (view=agenda) draws no grid and reads no side data. */
export function emptySchedule(q: ScheduleQuery, timezone: string): ScheduleData {
  return {
    ...q,
    employeeIds: [],
    timezone,
    today: todayIn(timezone),
    days: [q.date],
    visitCount: 0,
    grid: null,
    lanes: null,
    month: null,
    employees: [],
    unscheduled: [],
  };
}

/** The day view's lanes: the employees shown, and unassigned work when nobody is filtered (never for a field tech). */
function scheduleLanes(ctx: CallerContext, employees: ScheduleEmployee[], employeeIds: number[]): ScheduleEmployee[] {
  const shown = employeeIds.length ? employees.filter((e) => employeeIds.includes(e.id)) : employees;
  return isFieldTech(ctx) || employeeIds.length ? shown : [...shown, { id: 0, name: "Unassigned", color: null }];
}

/** Everything /schedule renders, laid out on the server: two queries side by side (the range and the side data). */
export async function loadSchedule(ctx: CallerContext, q: ScheduleQuery, timezone: string): Promise<ScheduleData> {
  const { days, from, to } = scheduleBounds(q.view, q.date, timezone);
  const requested = isFieldTech(ctx) ? [] : q.employeeIds;
  const range = { from, to, employeeIds: requested, timezone };
  const [visits, side] = await Promise.all([
    q.view === "month"
      ? listMonthDays(ctx, range, days)
      : q.view === "week"
        ? listWeekGrid(ctx, range, days)
        : listDayVisits(ctx, range),
    scheduleSideData(ctx, { employeeIds: requested }),
  ]);
  const known = new Set(side.employees.map((e) => e.id));
  const employeeIds = requested.filter((id) => known.has(id));
  const base = {
    ...q,
    employeeIds,
    timezone,
    today: todayIn(timezone),
    days,
    employees: side.employees,
    unscheduled: side.unscheduled,
  };
  if ("month" in visits)
    return { ...base, visitCount: visits.visitCount, grid: null, lanes: null, month: visits.month };
  if ("grid" in visits) return { ...base, visitCount: visits.visitCount, grid: visits.grid, lanes: null, month: null };
  const lanes = scheduleLanes(ctx, side.employees, employeeIds);
  const inLane = (lane: number) =>
    visits.filter((v) => (lane === 0 ? v.employeeIds.length === 0 : v.employeeIds.includes(lane)));
  return {
    ...base,
    visitCount: visits.length,
    lanes,
    month: null,
    grid: layoutTimeGrid(
      lanes.map((lane) => ({ key: `lane-${lane.id}`, date: q.date, lane: lane.id, visits: inLane(lane.id) })),
    ),
  };
}

/**
 * A drop on the calendar (intent=move or resize): the wall-clock times become instants in the
 * company's zone and the jobs model reschedules (with the series scope). Dropping on another
 * lane swaps that employee for the lane's; null when the caller cannot see the visit.
 */
export async function moveVisit(
  ctx: CallerContext,
  input: MoveVisitInput,
  timezone: string,
): Promise<RescheduleResult | { id: number; status: number } | null> {
  const startTime = wallToInstant(input.start, timezone)!;
  let endTime = wallToInstant(input.end, timezone)!;
  // An all-day visit ends at midnight after its last day; the model counts whole days up to the end's day.
  if (input.isAllDay) endTime = new Date(endTime.getTime() - 60_000);
  const laneChange =
    input.intent === "move" && input.employeeId !== undefined && input.employeeId !== input.fromEmployeeId;
  // A field tech only has their own lane: moving work to someone else is not theirs to do.
  if (laneChange && isFieldTech(ctx)) forbidden();
  if (input.kind === "estimate") return moveEstimateVisit(ctx, input, { startTime, endTime }, timezone);
  let employeeIds: number[] | undefined;
  if (laneChange && input.employeeId !== undefined) {
    const visit = await getVisit(ctx, input.jobId);
    if (!visit) return null;
    employeeIds = laneDropEmployees(visit.employeeIds, input.employeeId, input.fromEmployeeId);
  }
  return rescheduleVisit(ctx, {
    id: input.jobId,
    startTime,
    endTime,
    isAllDay: input.isAllDay,
    employeeIds,
    recurrentEventEditOption: input.recurrentEventEditOption,
    timezone,
  });
}

// ---------------------------------------------------------------- /jobs/:jobId/schedule

const FINISHED_STATUSES: readonly number[] = [JobStatus.Finished, JobStatus.Paid, JobStatus.Cancelled];
/** Finished, paid and cancelled jobs keep their time (the jobs model refuses to move them). */
export const canReschedule = (status: number) => !FINISHED_STATUSES.includes(status);

const timeOfDay = (d: ReturnType<typeof dayjs>) => formatTimeText(d.hour() * 60 + d.minute());

/** The schedule form's values for a job: its visit as it is, or (unscheduled) the given day at 9 to 10 am. */
export function scheduleFormDefaults(
  job: JobDetails,
  o: { timezone: string; date?: string; defaultArrivalWindowOffset: number; userId: number; isFieldTech: boolean },
) {
  const start = job.startTime ? dayjs(job.startTime).tz(o.timezone) : null;
  const end = job.endTime ? dayjs(job.endTime).tz(o.timezone) : null;
  // An all-day visit ends at midnight after its last day.
  const lastDay = end && job.isAllDay ? end.subtract(1, "minute") : end;
  const startDate = start?.format("YYYY-MM-DD") ?? (o.date && isDateText(o.date) ? o.date : todayIn(o.timezone));
  const untilDate = job.recurrence?.until ? dayjs(job.recurrence.until).tz(o.timezone).format("YYYY-MM-DD") : null;
  const employeeIds = job.employeeIds.length || !o.isFieldTech ? job.employeeIds : [o.userId];
  return {
    isAllDay: job.isAllDay,
    startDate,
    startTime: start && !job.isAllDay ? timeOfDay(start) : "09:00 am",
    endDate: lastDay?.format("YYYY-MM-DD") ?? startDate,
    endTime: lastDay && !job.isAllDay ? timeOfDay(lastDay) : "10:00 am",
    arrivalWindowOffset: job.startTime ? job.arrivalWindowOffset : o.defaultArrivalWindowOffset,
    employeeIds,
    description: job.description ?? "",
    sendAppointmentReminder: job.sendAppointmentReminder,
    notify: false,
    recurrentEventEditOption: job.seriesId ? EditScope.OnlyThis : undefined,
    ...recurrenceFormValues(job.recurrence, untilDate),
  };
}

const sameList = (a?: number[] | null, b?: number[] | null) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

/** Whether the posted rule is the series' current one (then the jobs model moves the series instead of replacing its rule). */
function sameRule(next: RecurrenceInput, current: NonNullable<JobDetails["recurrence"]>, timezone: string) {
  const day = (d: Date | string | null | undefined) => (d ? dayjs(d).tz(timezone).format("YYYY-MM-DD") : null);
  return (
    next.frequency === current.frequency &&
    (next.interval ?? 1) === current.interval &&
    (next.count ?? null) === current.count &&
    day(next.until) === day(current.until) &&
    (next.setPosition ?? null) === current.setPosition &&
    (next.month ?? null) === (current.frequency === 0 ? current.month : null) &&
    sameList(next.daysOfWeek, current.daysOfWeek) &&
    sameList(next.daysOfMonth, current.daysOfMonth)
  );
}

/**
 * Saves the schedule form through the jobs model (POST jobs/schedule): wall-clock dates and
 * 'hh:mm am' times in the company's zone become instants; a field tech keeps the assignment.
 */
export async function scheduleJobFromForm(
  ctx: CallerContext,
  job: JobDetails,
  input: ScheduleFormInput,
  timezone: string,
): Promise<RescheduleResult | null> {
  const startMinutes = input.isAllDay ? 0 : parseTimeText(input.startTime ?? "")!;
  const startTime = wallToInstant(joinWall(input.startDate, startMinutes), timezone)!;
  const endDate = input.endDate ?? input.startDate;
  const endMinutes = input.endTime ? parseTimeText(input.endTime) : null;
  const endTime = input.isAllDay
    ? midnightIn(endDate, timezone)
    : endMinutes !== null
      ? wallToInstant(joinWall(endDate, endMinutes), timezone)!
      : endDate !== input.startDate
        ? wallToInstant(joinWall(endDate, startMinutes + 60), timezone)!
        : undefined;
  // The series' last day is inclusive: it ends just before the next midnight.
  const until = input.until ? new Date(midnightIn(addDays(input.until, 1), timezone).getTime() - 1000) : undefined;
  const rule = recurrenceFromForm(input, until);
  const recurrence = rule && job.recurrence && sameRule(rule, job.recurrence, timezone) ? undefined : rule;
  return rescheduleVisit(ctx, {
    id: job.id,
    startTime,
    endTime,
    isAllDay: input.isAllDay,
    arrivalWindowOffset: input.arrivalWindowOffset,
    setArrivalWindowOffsetAsDefault: input.setArrivalWindowOffsetAsDefault,
    employeeIds: isFieldTech(ctx) ? undefined : input.employeeIds,
    recurrence: job.seriesId || rule ? recurrence : undefined,
    changeRecurrentJobs: job.seriesId ? true : undefined,
    recurrentEventEditOption: input.recurrentEventEditOption,
    description: input.description ?? "",
    sendAppointmentReminder: input.sendAppointmentReminder,
    notify: input.notify,
    timezone,
  });
}

/** 'Nov 22nd, 2026 09:00 am – 10:00 am' (or '... all day') in the company's zone. */
export function visitWhenText(
  start: Date | string,
  end: Date | string | null,
  isAllDay: boolean,
  timezone: string,
): string {
  const s = dayjs(start).tz(timezone);
  if (isAllDay) return `${s.format(DATE_LONG)}, all day`;
  const e = end ? dayjs(end).tz(timezone) : null;
  if (!e) return s.format(`${DATE_LONG} ${TIME}`);
  return e.format("YYYY-MM-DD") === s.format("YYYY-MM-DD")
    ? `${s.format(`${DATE_LONG} ${TIME}`)} – ${e.format(TIME)}`
    : `${s.format(`${DATE_LONG} ${TIME}`)} – ${e.format(`${DATE_LONG} ${TIME}`)}`;
}
