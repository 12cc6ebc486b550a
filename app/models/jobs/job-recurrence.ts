import * as rruleModule from "rrule";
import type { Options } from "rrule";

// rrule's main entry is CommonJS: under Node ESM its exports sit on `default`; bundlers see them named.
const { RRule } = ((rruleModule as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

/** The stored rule of a series (app/db/schema/jobs.ts job_series). */
export type SeriesRule = {
  frequency: number;
  interval: number;
  count: number | null;
  until: Date | null;
  setPosition: number | null;
  daysOfWeek: number[] | null;
  daysOfMonth: number[] | null;
  daysOfYear: number[] | null;
  month: number | null;
  weekNumber: number | null;
  dtstart: Date;
  timezone: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a zone, written as a UTC date ("floating" time). */
export function toFloating(instant: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return new Date(
    Date.UTC(
      parts.year,
      parts.month - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
      instant.getUTCMilliseconds(),
    ),
  );
}

const offsetAt = (ms: number, timeZone: string) => toFloating(new Date(ms), timeZone).getTime() - ms;

/**
 * The instant at which a zone's clocks show a floating wall time. A time skipped by a
 * spring-forward change moves forward by the gap (02:30 becomes 03:30); an ambiguous fall-back
 * time takes its first (daylight) occurrence.
 */
export function fromFloating(floating: Date, timeZone: string): Date {
  const wall = floating.getTime();
  const first = wall - offsetAt(wall, timeZone);
  const offset = offsetAt(first, timeZone);
  const candidate = wall - offset;
  if (offsetAt(candidate, timeZone) === offset) {
    // Ambiguous wall times: prefer the earlier instant when it shows the same wall clock.
    const earlier = candidate - 3600_000;
    if (toFloating(new Date(earlier), timeZone).getTime() === wall) return new Date(earlier);
    return new Date(candidate);
  }
  // In a gap: keep the pre-change offset, which lands after the gap.
  return new Date(wall - offsetAt(wall - 86_400_000, timeZone));
}

/** Whether a string names an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

function rruleOptions(rule: SeriesRule): Partial<Options> {
  const options: Partial<Options> = {
    freq: rule.frequency,
    interval: rule.interval || 1,
    dtstart: toFloating(rule.dtstart, rule.timezone),
    count: rule.count ?? null,
    // until is inclusive: a visit on the until date still happens.
    until: rule.until ? toFloating(rule.until, rule.timezone) : null,
    wkst: 0,
  };
  if (rule.daysOfWeek?.length) options.byweekday = rule.daysOfWeek;
  if (rule.setPosition) options.bysetpos = [rule.setPosition];
  if (rule.daysOfMonth?.length) options.bymonthday = rule.daysOfMonth;
  if (rule.daysOfYear?.length) options.byyearday = rule.daysOfYear;
  if (rule.month) options.bymonth = [rule.month];
  if (rule.weekNumber) options.byweekno = [rule.weekNumber];
  return options;
}

/**
 * Start instants of a series' visits with after < start <= before (after exclusive), expanded
 * in the series' IANA zone so that a 9:00 visit stays at 9:00 across daylight-saving changes.
 */
export function expandOccurrences(
  rule: SeriesRule,
  range: { after?: Date | null; before: Date; limit?: number },
): Date[] {
  const rrule = new RRule(rruleOptions(rule));
  const after = range.after
    ? toFloating(range.after, rule.timezone)
    : new Date(toFloating(rule.dtstart, rule.timezone).getTime() - 1);
  const before = toFloating(range.before, rule.timezone);
  const limit = range.limit ?? Number.POSITIVE_INFINITY;
  const out: Date[] = [];
  rrule.between(after, before, true, (date) => {
    if (date.getTime() === after.getTime()) return true;
    if (out.length >= limit) return false;
    out.push(fromFloating(date, rule.timezone));
    return true;
  });
  return out;
}

/** The wall-clock minutes between two instants as seen in a zone (a move of a visit). */
export function wallDeltaMinutes(from: Date, to: Date, timeZone: string): number {
  return Math.round((toFloating(to, timeZone).getTime() - toFloating(from, timeZone).getTime()) / 60_000);
}

/** Moves an instant by wall-clock minutes in a zone (keeps 9:00 at 9:00 across DST). */
export function shiftWall(instant: Date, minutes: number, timeZone: string): Date {
  return fromFloating(new Date(toFloating(instant, timeZone).getTime() + minutes * 60_000), timeZone);
}

/** Midnight (start of the wall-clock day) of an instant in a zone. */
export function startOfDayInZone(instant: Date, timeZone: string): Date {
  const f = toFloating(instant, timeZone);
  return fromFloating(new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate())), timeZone);
}

/** The rrule weekday (0 Monday .. 6 Sunday) of an instant in a zone. */
export function weekdayInZone(instant: Date, timeZone: string): number {
  return (toFloating(instant, timeZone).getUTCDay() + 6) % 7;
}

/** A datetime-local value ("2025-03-04T09:00") read as wall-clock time in a zone. */
export function wallInputToInstant(value: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)) return null;
  const floating = new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  return Number.isNaN(floating.getTime()) ? null : fromFloating(floating, timeZone);
}

/** An instant as a datetime-local value in a zone. */
export function instantToWallInput(instant: Date | string | null | undefined, timeZone: string): string {
  if (!instant) return "";
  return toFloating(new Date(instant), timeZone).toISOString().slice(0, 16);
}
