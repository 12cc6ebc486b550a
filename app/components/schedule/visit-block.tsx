import { Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { splitWall, statusColors, timeLabel, type ScheduleVisit } from "~/models/schedule/schedule";

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
 * One visit on the calendar: links to the job, shows customer, time and status colour (a dot
 * drawn by CSS, the status also in words for screen readers), and a Reschedule link (the way to
 * move it without JavaScript). The data attributes are what the drag-and-drop island reads;
 * `lane` is the employee lane it sits in (day view). Lean markup: a busy week draws hundreds.
 */
export function VisitBlock({
  visit,
  color,
  style,
  lane,
  compact,
  returnTo,
}: {
  visit: ScheduleVisit;
  color: string | null;
  style?: CSSProperties;
  lane?: number;
  compact?: boolean;
  returnTo: string;
}) {
  const status = jobStatusLabels[visit.status as JobStatusValue] ?? "";
  const time = visitTimeText(visit);
  const shown = compact ? visitTimeText(visit, true) : time;
  const title = visit.title && visit.title !== visit.customerName ? visit.title : null;
  return (
    <div
      className={`visit${compact ? " visit-compact" : ""}${visit.isRecurring ? " visit-recurring" : ""}`}
      style={
        {
          ...style,
          "--employee": color ?? DEFAULT_EMPLOYEE_COLOR,
          "--status": statusColors[visit.status] ?? statusColors[1],
        } as CSSProperties
      }
      data-visit-id={visit.id}
      data-start={visit.start}
      data-end={visit.end}
      data-all-day={visit.isAllDay || undefined}
      data-recurring={visit.isRecurring || undefined}
      data-lane={lane}
    >
      <Link className="visit-main" to={`/jobs/${visit.id}`} draggable={false}>
        <span className="visually-hidden">{status}: </span>
        <strong className="visit-customer">{visit.customerName}</strong>
        <span className="visit-time">{shown}</span>
        {shown !== time ? <span className="visually-hidden"> to {time.split(" – ")[1]}</span> : null}
        {title && !compact ? <span className="visit-title">{title}</span> : null}
        {visit.isRecurring ? <span className="visually-hidden"> (repeats)</span> : null}
      </Link>
      <Link
        className="visit-reschedule"
        to={`/jobs/${visit.id}/schedule?returnTo=${encodeURIComponent(returnTo)}`}
        draggable={false}
        aria-label={`Reschedule ${visit.customerName} ${time}`}
      >
        ↻
      </Link>
    </div>
  );
}
