import type { CSSProperties, ReactNode } from "react";
import { returnToQuery, VisitBlock } from "~/components/schedule/visit-block";
import {
  timedSpan,
  timeLabel,
  visitKey,
  type GridColumnLayout,
  type ScheduleVisit,
  type TimeGridLayout,
} from "~/models/schedule/schedule";

/** How a column is introduced: its header, and what a screen reader hears for its visits. */
export type ColumnLabel = { header: ReactNode; groupLabel: string; isToday?: boolean };

/**
 * The day and week views: an all-day row over a grid of hours (the work day, widened to fit
 * earlier or later visits), drawn from the layout the server computed. The island finds its
 * drop targets by the data attributes.
 *
 * A timed visit's place is two custom properties, --s (minutes after the grid's first hour) and
 * --d (minutes long), and classes for its side-by-side column (v-c<column>, v-n<columns>);
 * schedule.css turns them into top, height, left and width. The '+N more' links are plain <a>
 * as the visits' are (the island navigates client-side).
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
  const returnQuery = returnToQuery(returnTo);
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
                  key={visitKey(v)}
                  visit={v}
                  color={colorOf(v, column.lane)}
                  lane={column.lane}
                  compact
                  returnQuery={returnQuery}
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
              {column.placed.map((p) => {
                const at = timedSpan(p.visit)!;
                return (
                  <VisitBlock
                    key={visitKey(p.visit)}
                    visit={p.visit}
                    color={colorOf(p.visit, column.lane)}
                    lane={column.lane}
                    returnQuery={returnQuery}
                    className={p.columns > 1 ? `${p.column ? `v-c${p.column} ` : ""}v-n${p.columns}` : undefined}
                    vars={{ "--s": at.start - hours.start, "--d": at.end - at.start }}
                  />
                );
              })}
              {column.more.map((m) => (
                <a
                  key={m.start}
                  className="tg-more"
                  href={moreHref(column.date)}
                  style={{ "--s": m.start - hours.start } as CSSProperties}
                  aria-label={`${m.count} more visits at ${timeLabel(m.start)}, open the day`}
                >
                  {`+${m.count} more`}
                </a>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
