import { z } from "zod";
import {
  jobStatusLabels,
  TimelineEvent,
  timelineEventLabels,
  type TimelineEventValue,
} from "~/models/jobs/jobs.schema";
import { estimateEventLabels, estimateStatusLabels } from "~/models/estimates/estimates.schema";
import { invoiceStatusLabels } from "~/models/invoices/invoices.schema";
import { dayjs } from "~/utils/format";
import { readListParams } from "~/utils/list-params";

/**
 * The activity feed (/activity-feed, docs/decisions/066-activity-feed.md): the company's jobs',
 * estimates' and invoices' timelines in one list, newest first, with its filters read from the URL.
 */

/** The timelines the feed reads, each with its record's page and status names. */
export const ACTIVITY_SOURCES = ["job", "estimate", "invoice"] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const activityStatusLabels: Record<ActivitySource, Record<number, string>> = {
  job: jobStatusLabels,
  estimate: estimateStatusLabels,
  invoice: invoiceStatusLabels,
};

/** The types an invoice's history writes (app/models/activity/invoice-timeline.server.ts), from the jobs' catalogue. */
export const INVOICE_EVENT_TYPES: readonly number[] = [
  TimelineEvent.InvoiceCreated,
  TimelineEvent.InvoiceSent,
  TimelineEvent.PaymentRecorded,
  TimelineEvent.InvoicePaid,
  TimelineEvent.InvoiceUncollectible,
  TimelineEvent.StatusUndone,
];

/**
 * Each timeline's event names: jobs and invoices number theirs in the jobs' catalogue
 * (app/models/jobs/jobs.schema.ts), estimates in their own (app/models/estimates/estimates.schema.ts).
 */
export const activityEventLabels: Record<ActivitySource, Record<number, string>> = {
  job: timelineEventLabels,
  estimate: estimateEventLabels,
  invoice: Object.fromEntries(INVOICE_EVENT_TYPES.map((t) => [t, timelineEventLabels[t as TimelineEventValue]])),
};

/** One event of the feed, as the page shows it: what happened, who did it, to which record. */
export type ActivityItem = {
  source: ActivitySource;
  id: number;
  type: number;
  actorType: number;
  actorName: string | null;
  impersonatorName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  reason: string | null;
  /** A payment's amount and method (invoice events). */
  amountCents: number | null;
  method: number | null;
  undone: boolean;
  at: string;
  recordId: number;
  recordLabel: string;
  customerName: string;
};

/** An event type of the filter: a timeline and a type of its catalogue, in the URL as `job-4`. */
export type ActivityEventType = { source: ActivitySource; type: number };
export const eventTypeKey = (t: ActivityEventType) => `${t.source}-${t.type}`;

/**
 * How deep the numbered pages go (rows skipped): each page reads its rows from the start of the
 * newest-first indexes, so a page costs its depth. Older events are reached by the date filter.
 */
export const ACTIVITY_MAX_OFFSET = 5000;

const DATE_ERROR = "Enter a date as YYYY-MM-DD";

const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_ERROR)
  .refine((text) => {
    const year = Number(text.slice(0, 4));
    return year >= 1900 && year <= 2999 && dayjs.utc(text).format("YYYY-MM-DD") === text;
  }, DATE_ERROR);

const eventType = z
  .string()
  .regex(/^(job|estimate|invoice)-\d{1,3}$/)
  .transform((text): ActivityEventType => {
    const [source, type] = text.split("-");
    return { source: source as ActivitySource, type: Number(type) };
  })
  .refine((t) => t.type in activityEventLabels[t.source]);

const employeeId = z.coerce.number().int().positive().max(2147483647);

export type ActivityFilters = {
  /** Event types (several allowed); empty: every type. */
  types: ActivityEventType[];
  /** The acting user's id, or null. */
  employeeId: number | null;
  /** Company-zone dates, inclusive, as YYYY-MM-DD. */
  from: string | null;
  to: string | null;
};

export type ActivityQuery = {
  filters: ActivityFilters;
  /** Field errors of the date range (the filter is then not applied). */
  errors: Partial<Record<"from" | "to", string>>;
  /** What the fields show again: the submitted texts. */
  values: { from: string; to: string };
  page: number;
  pageSize: number;
};

/**
 * The feed's filters from the URL: `type` (repeatable), `employee`, `from`, `to` (company-zone
 * dates), `page`, `pageSize`. A value that is not one of ours is left out (the filter is ignored);
 * a malformed date or a range that ends before it starts is a field error.
 */
export function readActivityQuery(url: URL): ActivityQuery {
  const params = url.searchParams;
  const { page, pageSize } = readListParams(url);
  const parsed = params
    .getAll("type")
    .slice(0, 100)
    .map((t) => eventType.safeParse(t))
    .flatMap((r) => (r.success ? [r.data] : []));
  const types = [...new Map(parsed.map((t) => [eventTypeKey(t), t])).values()];
  const employeeText = params.get("employee");
  const employee = employeeText ? employeeId.safeParse(employeeText) : null;
  const values = { from: (params.get("from") ?? "").slice(0, 40), to: (params.get("to") ?? "").slice(0, 40) };
  const errors: ActivityQuery["errors"] = {};
  const date = (name: "from" | "to") => {
    if (!values[name].trim()) return null;
    const parsed = dateField.safeParse(values[name]);
    if (parsed.success) return parsed.data;
    errors[name] = parsed.error.issues[0]?.message ?? DATE_ERROR;
    return null;
  };
  let from = date("from");
  let to = date("to");
  if (from && to && to < from) {
    errors.to = "The end date must be on or after the start date";
    from = null;
    to = null;
  }
  return {
    filters: { types, employeeId: employee?.success ? employee.data : null, from, to },
    errors,
    values,
    page,
    pageSize,
  };
}

/** Whether anything but the company narrows the feed. */
export const isFiltered = (f: ActivityFilters) => f.types.length > 0 || f.employeeId !== null || !!f.from || !!f.to;
