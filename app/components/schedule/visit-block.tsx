import type { CSSProperties } from "react";
import { estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { splitWall, timeLabel, type ScheduleVisit } from "~/models/schedule/schedule";

export const DEFAULT_EMPLOYEE_COLOR = "#8a93b2";

/** 'hh:mm am – hh:mm pm'; only the start in compact rows (month, all-day); 'All day'. */
export function visitTimeText(visit: Pick<ScheduleVisit, "start" | "end" | "isAllDay">, startOnly = false): string {
  if (visit.isAllDay) return "All day";
  const s = splitWall(visit.start);
  const e = splitWall(visit.end);
  if (!s || !e) return "";
  return startOnly ? timeLabel(s.minutes) : `${timeLabel(s.minutes)} – ${timeLabel(e.minutes)}`;
}

/**
 * The '?returnTo=' of the links back to this calendar, encoded only where a query value must be
 * ('/', '?' and '=' may stay as they are): the same value for the page that reads it, a few bytes
 * less on each of the hundreds of links of a busy week.
 */
export function returnToQuery(returnTo: string): string {
  return `?returnTo=${encodeURIComponent(returnTo).replace(/%2F/g, "/").replace(/%3F/g, "?").replace(/%3D/g, "=")}`;
}

/**
 * One visit on the calendar: links to the job, shows customer, time and status colour (a dot
 * drawn by CSS, the status also in words for screen readers), and a Reschedule link (the way to
 * move it without JavaScript). The data attributes are what the drag-and-drop island reads;
 * `lane` is the employee lane it sits in (day view).
 *
 * Lean markup, as a busy week draws hundreds: the status colour is a class (v-s<status>), the
 * employee's colour the one inline custom property --e, and the time grid's place comes as a
 * class and custom properties (`className`, `vars`) that schedule.css turns into a position.
 * The parts have no classes of their own: the first link is the visit's, the second (`a + a`)
 * Reschedule, the <strong> the customer and the span after it the time. The links are plain <a>:
 * the island makes them client-side navigations once hydrated (one listener for all of them).
 *
 * An estimate visit links to the estimate, is labelled "Estimate" (an <em> before the customer)
 * with its status in words and its address, and is drawn apart by the visit-estimate class.
 */
export function VisitBlock({
  visit,
  color,
  className,
  vars,
  lane,
  compact,
  returnQuery,
}: {
  visit: ScheduleVisit;
  color: string | null;
  className?: string;
  vars?: Record<string, number>;
  lane?: number;
  compact?: boolean;
  /** returnToQuery of the calendar's URL. */
  returnQuery: string;
}) {
  const estimate = visit.estimate === true;
  const status = estimate
    ? (estimateStatusLabels[visit.status as EstimateStatusValue] ?? "")
    : (jobStatusLabels[visit.status as JobStatusValue] ?? "");
  const page = estimate ? `/estimates/${visit.id}` : `/jobs/${visit.id}`;
  const time = visitTimeText(visit);
  const shown = compact ? visitTimeText(visit, true) : time;
  const title = visit.title && visit.title !== visit.customerName ? visit.title : null;
  const style = color || vars ? ({ ...vars, "--e": color ?? undefined } as CSSProperties) : undefined;
  return (
    <div
      className={`visit ${estimate ? "visit-estimate" : `v-s${visit.status}`}${compact ? " visit-compact" : ""}${visit.isRecurring ? " visit-recurring" : ""}${className ? ` ${className}` : ""}`}
      style={style}
      data-visit-id={visit.id}
      data-kind={estimate ? "estimate" : undefined}
      data-start={visit.start}
      data-end={visit.end}
      data-all-day={visit.isAllDay || undefined}
      data-recurring={visit.isRecurring || undefined}
      data-lane={lane}
    >
      <a href={page}>
        {estimate && !compact ? null : <span className="visually-hidden">{`${status}: `}</span>}
        {estimate ? <em>Estimate</em> : null}
        <strong>{visit.customerName}</strong>
        <span>{shown}</span>
        {shown !== time ? <span className="visually-hidden">{` to ${time.split(" – ")[1]}`}</span> : null}
        {title && !compact ? <span>{title}</span> : null}
        {estimate && !compact ? <span>{status}</span> : null}
        {visit.address && !compact ? <span>{visit.address}</span> : null}
        {visit.isRecurring ? <span className="visually-hidden"> (repeats)</span> : null}
      </a>
      <a
        href={estimate ? `${page}/schedule` : `${page}/schedule${returnQuery}`}
        aria-label={`Reschedule ${estimate ? "estimate " : ""}${visit.customerName} ${time}`}
      >
        ↻
      </a>
    </div>
  );
}
