import { Link } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { VisitBlock } from "~/components/schedule/visit-block";
import { timeLabel, type GridColumnLayout, type ScheduleVisit, type TimeGridLayout } from "~/models/schedule/schedule";

/** How a column is introduced: its header, and what a screen reader hears for its visits. */
export type ColumnLabel = { header: ReactNode; groupLabel: string; isToday?: boolean };

/**
 * The day and week views: an all-day row over a grid of hours (the work day, widened to fit
 * earlier or later visits), drawn from the layout the server computed. The island finds its
 * drop targets by the data attributes.
 */
export function TimeGrid({
  layout,
  labelOf,
  colorOf,
  moreHref,
  returnTo,
  label,
}: {
  layout: TimeGridLayout;
  labelOf: (column: GridColumnLayout) => ColumnLabel;
  colorOf: (visit: ScheduleVisit, lane?: number) => string | null;
  moreHref: (date: string) => string;
  returnTo: string;
  label: string;
}) {
  const { hours } = layout;
  const span = hours.end - hours.start;
  const marks: number[] = [];
  for (let m = hours.start; m < hours.end; m += 60) marks.push(m);
  const pct = (minutes: number) => `${Math.round(((minutes - hours.start) / span) * 1e5) / 1e3}%`;
  const columns = layout.columns.map((column) => ({ column, ...labelOf(column) }));
  return (
    <div className="time-grid-scroll">
      <div
        className="time-grid"
        aria-label={label}
        role="region"
        style={{ "--columns": columns.length, "--hours": marks.length } as CSSProperties}
      >
        <div className="tg-row tg-head">
          <div className="tg-corner">
            <span className="visually-hidden">Time</span>
          </div>
          {columns.map(({ column, header, isToday }) => (
            <div key={column.key} className={`tg-header${isToday ? " is-today" : ""}`}>
              {header}
            </div>
          ))}
        </div>
        <div className="tg-row tg-allday">
          <div className="tg-label">All day</div>
          {columns.map(({ column, groupLabel }) => (
            <div
              key={column.key}
              className="tg-allday-cell"
              role="group"
              aria-label={`${groupLabel}, all day`}
              data-drop-day={column.date}
              data-lane={column.lane}
            >
              {column.allDay.map((v) => (
                <VisitBlock
                  key={v.id}
                  visit={v}
                  color={colorOf(v, column.lane)}
                  lane={column.lane}
                  compact
                  returnTo={returnTo}
                />
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
          {columns.map(({ column, groupLabel, isToday }) => (
            <div
              key={column.key}
              className={`tg-column${isToday ? " is-today" : ""}`}
              role="group"
              aria-label={groupLabel}
              data-drop-column
              data-date={column.date}
              data-lane={column.lane}
              data-grid-start={hours.start}
              data-grid-end={hours.end}
            >
              {column.placed.map((p) => (
                <VisitBlock
                  key={p.visit.id}
                  visit={p.visit}
                  color={colorOf(p.visit, column.lane)}
                  lane={column.lane}
                  returnTo={returnTo}
                  style={{
                    top: pct(p.start),
                    height: `${Math.round(((p.end - p.start) / span) * 1e5) / 1e3}%`,
                    left: `${(p.column / p.columns) * 100}%`,
                    width: `${100 / p.columns}%`,
                  }}
                />
              ))}
              {column.more.map((m) => (
                <Link
                  key={m.start}
                  className="tg-more"
                  to={moreHref(column.date)}
                  style={{ top: pct(m.start) }}
                  aria-label={`${m.count} more visits at ${timeLabel(m.start)}, open the day`}
                >
                  +{m.count} more
                </Link>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
