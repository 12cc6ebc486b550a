import { Link } from "@remix-run/react";
import { VisitBlock } from "~/components/schedule/visit-block";
import { MONTH_CELL_VISITS, coveredDays, type ScheduleVisit } from "~/models/schedule";
import { dayjs } from "~/utils/format";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The month view: whole weeks, each day listing its first visits and a '+N more' link to the day view. */
export function MonthGrid({
  days,
  month,
  today,
  visits,
  colorOf,
  dayHref,
  returnTo,
}: {
  days: string[];
  month: string;
  today: string;
  visits: ScheduleVisit[];
  colorOf: (visit: ScheduleVisit) => string | null;
  dayHref: (date: string) => string;
  returnTo: string;
}) {
  const byDay = new Map<string, ScheduleVisit[]>(days.map((d) => [d, []]));
  for (const v of visits) for (const d of coveredDays(v, days)) byDay.get(d)!.push(v);
  return (
    <div className="month-grid" role="region" aria-label={`${dayjs.utc(month).format("MMMM YYYY")} visits`}>
      {WEEKDAYS.map((w) => (
        <div key={w} className="month-weekday" aria-hidden="true">
          {w}
        </div>
      ))}
      {days.map((d) => {
        const list = byDay.get(d)!;
        const date = dayjs.utc(d);
        const outside = d.slice(0, 7) !== month.slice(0, 7);
        return (
          <div key={d} className={`month-cell${outside ? " is-outside" : ""}${d === today ? " is-today" : ""}`} role="group" aria-label={date.format("dddd, MMM D")} data-drop-day={d}>
            <Link className="month-date" to={dayHref(d)} aria-label={`${date.format("dddd, MMM D")}: ${list.length} ${list.length === 1 ? "visit" : "visits"}, open day`}>
              {date.date()}
            </Link>
            {list.slice(0, MONTH_CELL_VISITS).map((v) => (
              <VisitBlock key={v.id} visit={v} color={colorOf(v)} compact returnTo={returnTo} />
            ))}
            {list.length > MONTH_CELL_VISITS ? (
              <Link className="month-more" to={dayHref(d)}>
                +{list.length - MONTH_CELL_VISITS} more
              </Link>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
