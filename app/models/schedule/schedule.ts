import { dayjs } from "~/utils/format";

/**
 * The schedule's calendar arithmetic, shared by the server (loader, action) and the browser
 * (the drag-and-drop island). Dates are plain 'YYYY-MM-DD' strings and times wall-clock
 * 'YYYY-MM-DDTHH:mm' strings in the company's time zone: the server converts them to instants,
 * so the browser never does time-zone math and both render the same markup.
 */

export const SCHEDULE_VIEWS = ["agenda", "day", "week", "month"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export const DEFAULT_VIEW: ScheduleView = "week";
export const viewLabels: Record<ScheduleView, string> = { agenda: "Agenda", day: "Day", week: "Week", month: "Month" };
/** Views of one day: the signed-in user's agenda and the employee lanes. */
export const isDayView = (view: ScheduleView) => view === "day" || view === "agenda";

/** The spec's default work day: 05:00 am to 10:00 pm (minutes after midnight). */
export const WORK_DAY = { start: 5 * 60, end: 22 * 60 } as const;
/** The time picker's default interval; drags and resizes snap to it. */
export const SNAP_MINUTES = 15;
/** Visits shown per day in the month view before a '+N more' link to the day view. */
export const MONTH_CELL_VISITS = 3;

/** Status colours of visit blocks (job status numbers of the spec); schedule.css draws them (classes v-s<status>). */
export const statusColors: Record<number, string> = {
  0: "#7f8c8d",
  1: "#3498db",
  2: "#e67e22",
  3: "#8e44ad",
  4: "#3ac09d",
  5: "#558b2f",
  6: "#b42318",
  7: "#f1c40f",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isScheduleView = (v: unknown): v is ScheduleView => SCHEDULE_VIEWS.includes(v as ScheduleView);

export function isDateText(v: unknown): v is string {
  return typeof v === "string" && DATE.test(v) && isCalendarDate(v);
}

/** Whether a 'YYYY-MM-DD' names a real day; arithmetic only, as the week view asks thousands of times. */
function isCalendarDate(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= length;
}

const DAY_MS = 86_400_000;
/** Plain date arithmetic on 'YYYY-MM-DD' (no time zone involved: it is a calendar date). */
export function addDays(date: string, n: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? "" : new Date(ms + n * DAY_MS).toISOString().slice(0, 10);
}

/** The days a view shows: a day, Sunday to Saturday, or the whole weeks covering a month. */
export function visibleDays(view: ScheduleView, date: string): string[] {
  const d = dayjs.utc(date);
  if (isDayView(view)) return [date];
  const first =
    view === "week" ? d.subtract(d.day(), "day") : d.startOf("month").subtract(d.startOf("month").day(), "day");
  const last = view === "week" ? first.add(6, "day") : d.endOf("month").add(6 - d.endOf("month").day(), "day");
  const days: string[] = [];
  for (let cur = first; !cur.isAfter(last, "day"); cur = cur.add(1, "day")) days.push(cur.format("YYYY-MM-DD"));
  return days;
}

/** The date the previous/next link of a view opens. */
export function shiftDate(view: ScheduleView, date: string, direction: 1 | -1): string {
  const unit = isDayView(view) ? "day" : view === "week" ? "week" : "month";
  return dayjs.utc(date).add(direction, unit).format("YYYY-MM-DD");
}

export function rangeTitle(view: ScheduleView, date: string): string {
  const d = dayjs.utc(date);
  if (isDayView(view)) return d.format("dddd, MMM D, YYYY");
  if (view === "month") return d.format("MMMM YYYY");
  const days = visibleDays("week", date);
  const first = dayjs.utc(days[0]);
  const last = dayjs.utc(days[6]);
  if (first.year() !== last.year()) return `${first.format("MMM D, YYYY")} – ${last.format("MMM D, YYYY")}`;
  if (first.month() !== last.month()) return `${first.format("MMM D")} – ${last.format("MMM D, YYYY")}`;
  return `${first.format("MMM D")} – ${last.format("D, YYYY")}`;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTH_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The parts of a 'YYYY-MM-DD' the calendar labels show (cheap: dozens per page). */
export function dateParts(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = WEEKDAY_NAMES[d.getUTCDay()];
  return {
    weekday,
    weekdayShort: weekday.slice(0, 3),
    day: d.getUTCDate(),
    label: `${weekday}, ${MONTH_SHORT[d.getUTCMonth()]} ${d.getUTCDate()}`,
  };
}

export type ScheduleQuery = { view: ScheduleView; date: string; employeeIds: number[] };

export function scheduleHref(q: ScheduleQuery): string {
  const params = new URLSearchParams({ view: q.view, date: q.date });
  if (q.employeeIds.length) params.set("employees", q.employeeIds.join(","));
  return `/schedule?${params.toString()}`;
}

/** The value of the two digits at `at`, or -1 when they are not digits. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

// The week view splits thousands of times a page, mostly the same few dates: the last one checked is kept.
let lastDate = "";

/** Splits a wall-clock 'YYYY-MM-DDTHH:mm' into its date and minutes after midnight. */
export function splitWall(wall: string): { date: string; minutes: number } | null {
  if (wall.length !== 16 || wall.charCodeAt(10) !== 84 || wall.charCodeAt(13) !== 58) return null;
  const hours = twoDigits(wall, 11);
  const minutes = twoDigits(wall, 14);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null;
  const date = wall.slice(0, 10);
  if (date !== lastDate) {
    if (!DATE.test(date) || !isCalendarDate(date)) return null;
    lastDate = date;
  }
  return { date, minutes: hours * 60 + minutes };
}

export function joinWall(date: string, minutes: number): string {
  const day = addDays(date, Math.floor(minutes / 1440));
  const rest = ((minutes % 1440) + 1440) % 1440;
  return `${day}T${String(Math.floor(rest / 60)).padStart(2, "0")}:${String(rest % 60).padStart(2, "0")}`;
}

/** Wall-clock minutes from a to b (both 'YYYY-MM-DDTHH:mm'). */
export function wallMinutesBetween(a: string, b: string): number {
  const x = splitWall(a);
  const y = splitWall(b);
  if (!x || !y) return 0;
  return (
    Math.round((Date.parse(`${y.date}T00:00:00Z`) - Date.parse(`${x.date}T00:00:00Z`)) / DAY_MS) * 1440 +
    y.minutes -
    x.minutes
  );
}

export const snap = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;

/** 'hh:mm am' label of minutes after midnight (the spec's display format). */
export function timeLabel(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")} ${h24 < 12 ? "am" : "pm"}`;
}

/**
 * A visit as the calendar draws it: times are wall clock in the company's zone. A busy week
 * sends hundreds in the page, so what the calendar does not draw is left out: `isAllDay` only
 * when true, `title` only when there is one other than the customer's name.
 */
export type ScheduleVisit = {
  id: number;
  start: string;
  end: string;
  isAllDay?: boolean;
  status: number;
  isRecurring: boolean;
  customerName: string;
  title?: string | null;
  employeeIds: number[];
  /** An estimate visit (its own ids, statuses and pages): only when true. */
  estimate?: true;
  /** Estimate visits show where they are. */
  address?: string;
};

/**
 * A visit of the signed-in user's day agenda (the phone view): times are wall clock in the
 * company's zone; what a technician needs on the way there, and nothing the agenda does not show.
 */
export type AgendaVisit = {
  kind: "job" | "estimate";
  id: number;
  start: string;
  end: string;
  isAllDay: boolean;
  status: number;
  customerName: string;
  title: string | null;
  address: string | null;
  geo: { latitude: number; longitude: number } | null;
  phone: string | null;
};

/**
 * The employees of a visit dropped from one employee's lane on another's (day view): the lane's
 * employee takes the place of the one it came from; the unassigned lane (0) only removes.
 */
export function laneDropEmployees(current: readonly number[], to: number, from: number | undefined): number[] {
  const kept = current.filter((id) => id !== from && id !== to);
  return to === 0 ? kept : [to, ...kept];
}

/** A calendar key unique across jobs and estimates (their ids overlap). */
export const visitKey = (visit: Pick<ScheduleVisit, "id" | "estimate">) =>
  visit.estimate ? `e${visit.id}` : `j${visit.id}`;

export type UnscheduledJob = { id: number; customerName: string; title: string | null };

export type ScheduleEmployee = { id: number; name: string; color: string | null };

/**
 * Where a visit sits on one day of the time grid, or null when it belongs to the all-day row
 * (all-day visits and visits that cross midnight).
 */
export function timedSpan(
  visit: Pick<ScheduleVisit, "start" | "end" | "isAllDay">,
): { date: string; start: number; end: number } | null {
  if (visit.isAllDay) return null;
  const s = splitWall(visit.start);
  const e = splitWall(visit.end);
  if (!s || !e) return null;
  const end = e.date === s.date ? e.minutes : e.date === addDays(s.date, 1) && e.minutes === 0 ? 1440 : null;
  if (end === null) return null;
  return { date: s.date, start: s.minutes, end: Math.max(end, s.minutes + SNAP_MINUTES) };
}

/** The dates (within `days`) an all-day or multi-day visit covers. */
export function coveredDays(
  visit: Pick<ScheduleVisit, "start" | "end" | "isAllDay">,
  days: readonly string[],
): string[] {
  const s = splitWall(visit.start);
  const e = splitWall(visit.end);
  if (!s || !e) return [];
  // An end at midnight does not cover that day.
  const lastDay = e.minutes === 0 && e.date > s.date ? addDays(e.date, -1) : e.date;
  return days.filter((d) => d >= s.date && d <= lastDay);
}

/** The hours a time grid shows: the work day, widened to fit visits outside it. */
export function gridHours(spans: ReadonlyArray<{ start: number; end: number }>): { start: number; end: number } {
  let start: number = WORK_DAY.start;
  let end: number = WORK_DAY.end;
  for (const s of spans) {
    if (s.start < start) start = Math.floor(s.start / 60) * 60;
    if (s.end > end) end = Math.ceil(s.end / 60) * 60;
  }
  return { start, end };
}

export type PlacedVisit<T> = { visit: T; start: number; end: number; column: number; columns: number; cluster: number };

/**
 * Side-by-side columns for overlapping visits of one day (or one lane): each cluster of
 * overlapping visits shares the width equally, first come leftmost.
 */
export function placeVisits<T>(items: ReadonlyArray<{ visit: T; start: number; end: number }>): PlacedVisit<T>[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: PlacedVisit<T>[] = [];
  let cluster: PlacedVisit<T>[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -1;
  let clusterIndex = -1;
  const close = () => {
    for (const p of cluster) p.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= clusterEnd) {
      close();
      clusterIndex++;
    }
    let column = columnEnds.findIndex((end) => end <= item.start);
    if (column === -1) column = columnEnds.push(item.end) - 1;
    else columnEnds[column] = item.end;
    const p: PlacedVisit<T> = {
      visit: item.visit,
      start: item.start,
      end: item.end,
      column,
      columns: 1,
      cluster: clusterIndex,
    };
    cluster.push(p);
    placed.push(p);
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  close();
  return placed;
}

/** Overlapping visits drawn side by side before the rest fold into '+N more' (to the day view). */
export const MAX_SIDE_BY_SIDE = 4;

export type GridColumnLayout<V = ScheduleVisit> = {
  key: string;
  date: string;
  /** Employee lane (0 = unassigned); absent in the week view. */
  lane?: number;
  allDay: V[];
  /** Side by side: `column` of `columns`; the minutes it spans are its timedSpan (not sent twice). */
  placed: Array<{ visit: V; column: number; columns: number }>;
  more: Array<{ start: number; count: number }>;
};
export type TimeGridLayout<V = ScheduleVisit> = {
  hours: { start: number; end: number };
  columns: GridColumnLayout<V>[];
};

/**
 * The day and week views' layout, computed once on the server and rendered as it is on both
 * sides: visits sorted into the all-day row or placed on the hour grid, and clusters wider than
 * MAX_SIDE_BY_SIDE folded into '+N more', so a busy week sends and draws only what shows.
 */
export function layoutTimeGrid<V extends Pick<ScheduleVisit, "start" | "end" | "isAllDay">>(
  columns: ReadonlyArray<{ key: string; date: string; lane?: number; visits: readonly V[] }>,
): TimeGridLayout<V> {
  const spans: Array<{ start: number; end: number }> = [];
  const laid = columns.map((c) => {
    const timed: Array<{ visit: V; start: number; end: number }> = [];
    const allDay: V[] = [];
    for (const visit of c.visits) {
      const span = timedSpan(visit);
      if (span) {
        if (span.date === c.date) timed.push({ visit, start: span.start, end: span.end });
      } else if (coveredDays(visit, [c.date]).length) allDay.push(visit);
    }
    const placed: GridColumnLayout<V>["placed"] = [];
    const more = new Map<number, { start: number; count: number }>();
    for (const p of placeVisits(timed)) {
      if (p.column < MAX_SIDE_BY_SIDE) {
        spans.push(p);
        placed.push({ visit: p.visit, column: p.column, columns: Math.min(p.columns, MAX_SIDE_BY_SIDE) });
        continue;
      }
      const fold = more.get(p.cluster) ?? { start: p.start, count: 0 };
      fold.count++;
      more.set(p.cluster, fold);
    }
    return { key: c.key, date: c.date, lane: c.lane, allDay, placed, more: [...more.values()] };
  });
  return { hours: gridHours(spans), columns: laid };
}

export type MonthDay<V = ScheduleVisit> = { date: string; visits: V[]; total: number };

/** The month view's days: the first visits of each day and how many there are in all. */
export function layoutMonth<V extends Pick<ScheduleVisit, "start" | "end" | "isAllDay">>(
  days: readonly string[],
  visits: readonly V[],
): MonthDay<V>[] {
  const byDay = new Map<string, MonthDay<V>>(days.map((date) => [date, { date, visits: [], total: 0 }]));
  for (const visit of visits) {
    for (const date of coveredDays(visit, days)) {
      const day = byDay.get(date)!;
      if (day.visits.length < MONTH_CELL_VISITS) day.visits.push(visit);
      day.total++;
    }
  }
  return [...byDay.values()];
}
