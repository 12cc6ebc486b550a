import { z } from "zod";
import { dayjs } from "~/utils/format";

/** How the sales by period are grouped: days, weeks (Monday to Sunday) or calendar months. */
export const REPORT_GROUPS = ["day", "week", "month"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const reportGroupLabels: Record<ReportGroup, string> = { day: "Day", week: "Week", month: "Month" };

/** The breakdowns of the sales report, each a tab (`?by=`) with its own table and CSV file. */
export const SALES_BREAKDOWNS = ["period", "employee", "item", "leadSource", "tag"] as const;
export type SalesBreakdown = (typeof SALES_BREAKDOWNS)[number];
export const salesBreakdownLabels: Record<SalesBreakdown, string> = {
  period: "By period",
  employee: "By employee",
  item: "By service or item",
  leadSource: "By lead source",
  tag: "By customer tag",
};

/** The first column's title of each breakdown's table and CSV file. */
export const breakdownColumnTitles: Record<Exclude<SalesBreakdown, "period">, string> = {
  employee: "Employee",
  item: "Service or item",
  leadSource: "Lead source",
  tag: "Customer tag",
};

/** The longest range a report answers (ten years of days). */
export const MAX_RANGE_DAYS = 3660;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => ISO_DAY.test(value) && dayjs(value).format("YYYY-MM-DD") === value;

export type ReportFilters = { from: string; to: string; group: ReportGroup; by: SalesBreakdown };
export type ReportFilterErrors = Partial<Record<"from" | "to", string>>;

const filtersSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  group: z.enum(REPORT_GROUPS).catch("day").optional(),
  by: z.enum(SALES_BREAKDOWNS).catch("period").optional(),
});

/** This month in the company's time zone: its first and last day. */
export function thisMonth(today: string): { from: string; to: string } {
  const day = dayjs(today);
  return { from: day.startOf("month").format("YYYY-MM-DD"), to: day.endOf("month").format("YYYY-MM-DD") };
}

/**
 * The report's filters from the URL (`from`, `to`, `group`, `by`), this month by day when absent.
 * A date that is not one is reported and replaced by the default; a range given backwards is
 * turned round; a range longer than MAX_RANGE_DAYS is refused for the default.
 */
export function readReportFilters(
  url: URL,
  today: string,
): { filters: ReportFilters; errors: ReportFilterErrors; given: { from: string; to: string } } {
  const raw = filtersSchema.parse(Object.fromEntries(url.searchParams));
  const defaults = thisMonth(today);
  const errors: ReportFilterErrors = {};
  const given = { from: raw.from?.trim() ?? "", to: raw.to?.trim() ?? "" };
  let from = defaults.from;
  let to = defaults.to;
  if (given.from) {
    if (isDay(given.from)) from = given.from;
    else errors.from = "From must be a date";
  }
  if (given.to) {
    if (isDay(given.to)) to = given.to;
    else errors.to = "To must be a date";
  }
  if (from > to) [from, to] = [to, from];
  if (dayjs(to).diff(dayjs(from), "day") + 1 > MAX_RANGE_DAYS) {
    errors.to = "Choose a range of at most 10 years";
    ({ from, to } = defaults);
  }
  return { filters: { from, to, group: raw.group ?? "day", by: raw.by ?? "period" }, errors, given };
}

/** The URL query of a set of filters (defaults left out, so the plain page is this month). */
export function reportQuery(filters: Partial<ReportFilters>, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (filters.group && filters.group !== "day") query.set("group", filters.group);
  if (filters.by && filters.by !== "period") query.set("by", filters.by);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** A period's name: "Nov 03, 2026", "Week of Nov 02, 2026", "November 2026". */
export function periodLabel(start: string, group: ReportGroup): string {
  const day = dayjs(start);
  if (group === "month") return day.format("MMMM YYYY");
  if (group === "week") return `Week of ${day.format("MMM DD, YYYY")}`;
  return day.format("MMM DD, YYYY");
}

/** The first day of the period holding `day` (weeks start on Monday, like PostgreSQL's date_trunc). */
export function periodStart(day: string, group: ReportGroup): string {
  const d = dayjs(day);
  if (group === "month") return d.startOf("month").format("YYYY-MM-DD");
  if (group === "week") return d.subtract((d.day() + 6) % 7, "day").format("YYYY-MM-DD");
  return day;
}

/** Every period's first day from `from` to `to`, so that a period without sales still shows as 0. */
export function periodStarts(from: string, to: string, group: ReportGroup): string[] {
  const out: string[] = [];
  const unit = group === "day" ? "day" : group === "week" ? "week" : "month";
  let current = dayjs(periodStart(from, group));
  const last = dayjs(to);
  while (!current.isAfter(last)) {
    out.push(current.format("YYYY-MM-DD"));
    current = current.add(1, unit);
  }
  return out;
}

/** Share of a whole in percent with one decimal ("42.9%"), or "—" when there is nothing to divide. */
export function formatPercent(part: number, whole: number): string {
  if (whole === 0) return "—";
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** Cents as a plain decimal for a CSV cell ("1234.50", "-0.05"). */
export function centsCell(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
