import { Link } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { VisitBlock } from "~/components/schedule/visit-block";
import { coveredDays, gridHours, placeVisits, timedSpan, timeLabel, type ScheduleVisit } from "~/models/schedule";

/** A column of the time grid: a day (week view) or an employee's lane on one day (day view). */
export type GridColumn = {
  key: string;
  date: string;
  /** Employee lane (0 = unassigned); absent in the week view. */
  lane?: number;
  header: ReactNode;
  /** What a screen reader hears for the column's visits ('Sunday, Nov 22' or 'Ann Lee'). */
  groupLabel: string;
  visits: ScheduleVisit[];
  isToday?: boolean;
  /** Where '+N more' leads when a cluster of overlapping visits is too wide to draw. */
  moreHref?: string;
};

/** Overlapping visits drawn side by side before the rest fold into '+N more'. */
const MAX_SIDE_BY_SIDE = 4;

type Laid = { placed: ReturnType<typeof placeVisits<ScheduleVisit>>; hidden: Map<number, { count: number; start: number }> };

function layColumn(column: GridColumn): Laid & { allDay: ScheduleVisit[] } {
  const timed: Array<{ visit: ScheduleVisit; start: number; end: number }> = [];
  const allDay: ScheduleVisit[] = [];
  for (const visit of column.visits) {
    const span = timedSpan(visit);
    if (span && span.date === column.date) timed.push({ visit, start: span.start, end: span.end });
    else if (!span && coveredDays(visit, [column.date]).length) allDay.push(visit);
  }
  const placed = placeVisits(timed);
  const hidden = new Map<number, { count: number; start: number }>();
  for (const p of placed) {
    if (p.column < MAX_SIDE_BY_SIDE) continue;
    const h = hidden.get(p.cluster) ?? { count: 0, start: p.start };
    h.count++;
    h.start = Math.min(h.start, p.start);
    hidden.set(p.cluster, h);
  }
  return { placed, hidden, allDay };
}

/**
 * The day and week views: an all-day row over a grid of hours (the work day, widened to fit
 * earlier or later visits). Rendered on the server; the island finds its drop targets by the
 * data attributes.
 */
export function TimeGrid({ columns, colorOf, returnTo, label }: { columns: GridColumn[]; colorOf: (visit: ScheduleVisit, lane?: number) => string | null; returnTo: string; label: string }) {
  const laid = columns.map((c) => ({ column: c, ...layColumn(c) }));
  const hours = gridHours(laid.flatMap((l) => l.placed));
  const span = hours.end - hours.start;
  const marks: number[] = [];
  for (let m = hours.start; m < hours.end; m += 60) marks.push(m);
  const pct = (minutes: number) => `${((minutes - hours.start) / span) * 100}%`;
  return (
    <div className="time-grid-scroll">
      <div className="time-grid" aria-label={label} role="region" style={{ "--columns": columns.length, "--hours": marks.length } as CSSProperties}>
        <div className="tg-row tg-head">
          <div className="tg-corner">
            <span className="visually-hidden">Time</span>
          </div>
          {columns.map((c) => (
            <div key={c.key} className={`tg-header${c.isToday ? " is-today" : ""}`}>
              {c.header}
            </div>
          ))}
        </div>
        <div className="tg-row tg-allday">
          <div className="tg-label">
            All day
          </div>
          {laid.map(({ column, allDay }) => (
            <div key={column.key} className="tg-allday-cell" role="group" aria-label={`${column.groupLabel}, all day`} data-drop-day={column.date} data-lane={column.lane}>
              {allDay.map((v) => (
                <VisitBlock key={v.id} visit={v} color={colorOf(v, column.lane)} lane={column.lane} compact returnTo={returnTo} />
              ))}
            </div>
          ))}
        </div>
        <div className="tg-row tg-body">
          <div className="tg-hours">
            {marks.map((m) => (
              <span key={m} style={{ top: pct(m) }}>
                {timeLabel(m)}
              </span>
            ))}
          </div>
          {laid.map(({ column, placed, hidden }) => (
            <div
              key={column.key}
              className={`tg-column${column.isToday ? " is-today" : ""}`}
              role="group"
              aria-label={column.groupLabel}
              data-drop-column
              data-date={column.date}
              data-lane={column.lane}
              data-grid-start={hours.start}
              data-grid-end={hours.end}
            >
              {placed.map((p) => {
                if (p.column >= MAX_SIDE_BY_SIDE) return null;
                const across = Math.min(p.columns, MAX_SIDE_BY_SIDE);
                return (
                  <VisitBlock
                    key={p.visit.id}
                    visit={p.visit}
                    color={colorOf(p.visit, column.lane)}
                    lane={column.lane}
                    returnTo={returnTo}
                    style={{ top: pct(p.start), height: `${((p.end - p.start) / span) * 100}%`, left: `${(p.column / across) * 100}%`, width: `${100 / across}%` }}
                  />
                );
              })}
              {[...hidden.values()].map((h) => (
                <Link key={h.start} className="tg-more" to={column.moreHref ?? returnTo} style={{ top: pct(h.start) }}>
                  +{h.count} more
                </Link>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
