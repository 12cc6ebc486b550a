import { and, eq, gt, inArray, isNull, lt, ne, sql, type SQLWrapper } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  bookingRequests,
  estimateEmployees,
  estimates,
  jobCounts,
  jobEmployees,
  jobs,
  users,
  type BookingWorkDay,
} from "~/db/schema";
import { Role } from "~/access/roles";
import {
  BOOKING_HORIZON_DAYS,
  DURATION_MINUTES,
  LeadTimeUnit,
  OPEN_REQUEST_STATUSES,
} from "~/models/booking/booking.schema";
import { EstimateStatus } from "~/models/estimates/estimates.schema";
import { fromFloating, shiftWall, startOfDayInZone, toFloating } from "~/models/jobs/job-recurrence";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { ESTIMATE_LOOKBACK_DAYS } from "~/models/schedule/schedule-estimates.server";

/**
 * The public form's open time windows (docs/decisions/057-online-booking-windows.md): windows of the
 * form's duration on a 30-minute wall-clock grid inside each weekday's working hours in the company's
 * zone, from now plus the lead time over BOOKING_HORIZON_DAYS days, open while at least one bookable
 * employee is free for the window with the buffer before and after it.
 */

/** Windows start on this wall-clock grid from each day's opening time. */
export const WINDOW_STEP_MINUTES = 30;

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** What decides the windows: the form's settings and the company's zone. */
export type BookingRules = {
  timezone: string;
  durationMinutes: number;
  leadTimeAmount: number;
  leadTimeUnit: number;
  bufferMinutes: number;
  workHours: BookingWorkDay[];
};

/** An employee's time taken by a job visit, an estimate visit or an open booking request (epoch ms). */
export type BusySpan = { employeeId: number; start: number; end: number };

export type BookingWindow = { start: Date; end: Date };
/** The open windows of one day in the company's zone ('YYYY-MM-DD'). */
export type BookingDay = { date: string; windows: BookingWindow[] };

/**
 * The earliest start the form offers: now plus the lead time in hours, or for a lead time in days the
 * start of the day that many days ahead in the company's zone ("2 days": from the day after tomorrow).
 */
export function earliestStart(rules: BookingRules, now: Date): Date {
  if (rules.leadTimeUnit === LeadTimeUnit.Days && rules.leadTimeAmount > 0)
    return shiftWall(startOfDayInZone(now, rules.timezone), rules.leadTimeAmount * DAY_MINUTES, rules.timezone);
  return new Date(now.getTime() + (rules.leadTimeUnit === LeadTimeUnit.Hours ? rules.leadTimeAmount : 0) * 60 * MINUTE);
}

/** The first and last instants the form looks at: from the earliest start, BOOKING_HORIZON_DAYS whole days. */
export function bookingRange(rules: BookingRules, now: Date): { from: Date; to: Date } {
  const from = earliestStart(rules, now);
  const to = shiftWall(startOfDayInZone(from, rules.timezone), BOOKING_HORIZON_DAYS * DAY_MINUTES, rules.timezone);
  return { from, to };
}

const dateOf = (floatingMidnight: number) => new Date(floatingMidnight).toISOString().slice(0, 10);

/**
 * The grid's windows of one wall-clock day (midnight as floating ms) inside its working hours. A wall
 * time that the clocks skip (spring forward) is no window; an hour the clocks repeat (fall back) is
 * offered once, at its first occurrence. A window lasts its duration in real time and must end by
 * closing time on the wall clock.
 */
function dayCandidates(rules: BookingRules, midnight: number): BookingWindow[] {
  const weekday = new Date(midnight).getUTCDay();
  const hours = rules.workHours.find((d) => d.weekday === weekday);
  if (!hours?.isOpen) return [];
  // A day without a clock change has one offset: arithmetic, not a zone look-up per window (60 days
  // of windows cost about 80 ms the other way).
  const offset = midnight - fromFloating(new Date(midnight), rules.timezone).getTime();
  const next = midnight + DAY_MINUTES * MINUTE;
  const steady = next - fromFloating(new Date(next), rules.timezone).getTime() === offset;
  const out: BookingWindow[] = [];
  for (let m = hours.startMinutes; m + rules.durationMinutes <= hours.endMinutes; m += WINDOW_STEP_MINUTES) {
    const wall = midnight + m * MINUTE;
    const start = steady ? new Date(wall - offset) : fromFloating(new Date(wall), rules.timezone);
    if (!steady && toFloating(start, rules.timezone).getTime() !== wall) continue;
    const end = new Date(start.getTime() + rules.durationMinutes * MINUTE);
    const wallEnd = steady ? end.getTime() + offset : toFloating(end, rules.timezone).getTime();
    if (wallEnd - midnight > hours.endMinutes * MINUTE) continue;
    out.push({ start, end });
  }
  return out;
}

/** Every grid window in [from, to), by day in the company's zone (days without one left out). */
export function candidateDays(rules: BookingRules, from: Date, to: Date): BookingDay[] {
  const days: BookingDay[] = [];
  const first = toFloating(startOfDayInZone(from, rules.timezone), rules.timezone).getTime();
  for (let midnight = first; ; midnight += DAY_MINUTES * MINUTE) {
    if (fromFloating(new Date(midnight), rules.timezone) >= to) break;
    const windows = dayCandidates(rules, midnight).filter((w) => w.start >= from && w.start < to);
    if (windows.length) days.push({ date: dateOf(midnight), windows });
  }
  return days;
}

/** Busy spans by employee, sorted by start, for the free-employee checks. */
export function busyByEmployee(spans: readonly BusySpan[]): Map<number, BusySpan[]> {
  const map = new Map<number, BusySpan[]>();
  for (const s of spans) {
    const list = map.get(s.employeeId);
    if (list) list.push(s);
    else map.set(s.employeeId, [s]);
  }
  for (const list of map.values()) list.sort((a, b) => a.start - b.start);
  return map;
}

/**
 * The first of `employees` (in their order) free for the window with the buffer on both sides, or
 * null when none is.
 */
export function freeEmployee(
  window: BookingWindow,
  employees: readonly number[],
  busy: Map<number, BusySpan[]>,
  bufferMinutes: number,
): number | null {
  const from = window.start.getTime() - bufferMinutes * MINUTE;
  const to = window.end.getTime() + bufferMinutes * MINUTE;
  for (const employeeId of employees) {
    const spans = busy.get(employeeId) ?? [];
    if (!spans.some((s) => s.start < to && s.end > from)) return employeeId;
  }
  return null;
}

/** The open windows: the grid's windows in the booking range that a bookable employee is free for. */
export function openDays(
  rules: BookingRules,
  employees: readonly number[],
  spans: readonly BusySpan[],
  now: Date,
): BookingDay[] {
  if (employees.length === 0) return [];
  const { from, to } = bookingRange(rules, now);
  const busy = busyByEmployee(spans);
  return candidateDays(rules, from, to)
    .map((day) => ({
      date: day.date,
      windows: day.windows.filter((w) => freeEmployee(w, employees, busy, rules.bufferMinutes) !== null),
    }))
    .filter((day) => day.windows.length > 0);
}

/** Whether an instant is the start of one of the grid's windows at or after the earliest start. */
export function gridWindowAt(rules: BookingRules, start: Date, now: Date): BookingWindow | null {
  const { from, to } = bookingRange(rules, now);
  if (start < from || start >= to) return null;
  const day = candidateDays(rules, startOfDayInZone(start, rules.timezone), new Date(start.getTime() + 1));
  return day.flatMap((d) => d.windows).find((w) => w.start.getTime() === start.getTime()) ?? null;
}

// ---- The database side ------------------------------------------------------------------------

/**
 * Who can be booked: the company's field techs (not deleted); a company without any (the owner does
 * the visits) books its company admins. In id order, which is the order a window is given out in.
 */
export async function bookableEmployees(companyId: number, exec: Executor = db): Promise<number[]> {
  const rows = await exec
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        inArray(users.role, [Role.FieldTech, Role.CompanyAdmin]),
      ),
    )
    .orderBy(users.id);
  const techs = rows.filter((r) => r.role === Role.FieldTech);
  return (techs.length ? techs : rows).map((r) => r.id);
}

const epochMs = (column: SQLWrapper) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** The longest a booking request lasts: the longest duration option. */
const LONGEST_REQUEST_MINUTES = Math.max(...DURATION_MINUTES);

/**
 * The employees' busy spans overlapping [from, to): job visits (not cancelled), estimate visits (not
 * cancelled) and open booking requests (new, viewed or pending, not past). Each read is a range of
 * the (company, employee, start) index reaching back only as far as such a visit can last, so the
 * cost follows the range, not the company's history.
 */
export async function loadBusySpans(
  companyId: number,
  employeeIds: readonly number[],
  from: Date,
  to: Date,
  exec: Executor = db,
): Promise<BusySpan[]> {
  if (employeeIds.length === 0) return [];
  const ids = [...employeeIds];
  const longestJob = sql`coalesce((select ${jobCounts.longestVisitSeconds} from ${jobCounts} where ${jobCounts.companyId} = ${companyId}), 0)`;
  const jobLookback = sql`${from.toISOString()}::timestamptz - make_interval(secs => ${longestJob})`;
  const estimateLookback = new Date(from.getTime() - ESTIMATE_LOOKBACK_DAYS * DAY_MINUTES * MINUTE);
  const requestLookback = new Date(from.getTime() - LONGEST_REQUEST_MINUTES * MINUTE);
  // One after another: inside a transaction the three share one connection.
  const jobSpans = await exec
    .select({ employeeId: jobEmployees.userId, start: epochMs(jobs.startTime), end: epochMs(jobs.endTime) })
    .from(jobEmployees)
    .innerJoin(jobs, eq(jobs.id, jobEmployees.jobId))
    .where(
      and(
        eq(jobEmployees.companyId, companyId),
        inArray(jobEmployees.userId, ids),
        sql`${jobEmployees.startTime} >= ${jobLookback}`,
        lt(jobEmployees.startTime, to),
        gt(jobs.endTime, from),
        ne(jobs.status, JobStatus.Cancelled),
      ),
    );
  const estimateSpans = await exec
    .select({
      employeeId: estimateEmployees.userId,
      start: epochMs(estimates.startTime),
      end: epochMs(estimates.endTime),
    })
    .from(estimateEmployees)
    .innerJoin(estimates, eq(estimates.id, estimateEmployees.estimateId))
    .where(
      and(
        eq(estimateEmployees.companyId, companyId),
        inArray(estimateEmployees.userId, ids),
        sql`${estimateEmployees.startTime} >= ${estimateLookback.toISOString()}::timestamptz`,
        lt(estimateEmployees.startTime, to),
        gt(estimates.endTime, from),
        ne(estimates.status, EstimateStatus.Cancelled),
      ),
    );
  const requestSpans = await exec
    .select({
      employeeId: sql<number>`${bookingRequests.employeeId}`,
      start: epochMs(bookingRequests.startTime),
      end: epochMs(bookingRequests.endTime),
    })
    .from(bookingRequests)
    .where(
      and(
        inArray(bookingRequests.employeeId, ids),
        sql`${bookingRequests.startTime} >= ${requestLookback.toISOString()}::timestamptz`,
        lt(bookingRequests.startTime, to),
        gt(bookingRequests.endTime, from),
        eq(bookingRequests.companyId, companyId),
        inArray(bookingRequests.status, [...OPEN_REQUEST_STATUSES]),
        eq(bookingRequests.isPast, false),
      ),
    );
  return [...jobSpans, ...estimateSpans, ...requestSpans].map((s) => ({
    employeeId: Number(s.employeeId),
    start: Number(s.start),
    end: Number(s.end),
  }));
}

/** The form's open windows from now on, by day. */
export async function findOpenDays(companyId: number, rules: BookingRules, now = new Date()): Promise<BookingDay[]> {
  const employees = await bookableEmployees(companyId);
  const { from, to } = bookingRange(rules, now);
  const pad = (rules.bufferMinutes + rules.durationMinutes) * MINUTE;
  const spans = await loadBusySpans(companyId, employees, new Date(from.getTime() - pad), new Date(to.getTime() + pad));
  return openDays(rules, employees, spans, now);
}

/**
 * The employee a window goes to (in the caller's transaction, under the company's booking lock), or
 * null when the window is not on the grid any more or nobody is free for it.
 */
export async function employeeForWindow(
  exec: Executor,
  companyId: number,
  rules: BookingRules,
  start: Date,
  now = new Date(),
): Promise<{ window: BookingWindow; employeeId: number } | null> {
  const window = gridWindowAt(rules, start, now);
  if (!window) return null;
  const employees = await bookableEmployees(companyId, exec);
  const pad = rules.bufferMinutes * MINUTE;
  const spans = await loadBusySpans(
    companyId,
    employees,
    new Date(window.start.getTime() - pad),
    new Date(window.end.getTime() + pad),
    exec,
  );
  const employeeId = freeEmployee(window, employees, busyByEmployee(spans), rules.bufferMinutes);
  return employeeId === null ? null : { window, employeeId };
}
