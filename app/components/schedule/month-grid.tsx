import { Link } from "@remix-run/react";
import { returnToQuery, VisitBlock } from "~/components/schedule/visit-block";
import { dateParts, visitKey, type MonthDay, type ScheduleVisit } from "~/models/schedule/schedule";
import { dayjs } from "~/utils/format";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The month view: whole weeks, each day listing its first visits and a '+N more' link to the day view. */
export function MonthGrid({
  days,
  month,
  today,
  colorOf,
  dayHref,
  returnTo,
}: {
  days: MonthDay[];
  month: string;
  today: string;
  colorOf: (visit: ScheduleVisit) => string | null;
  dayHref: (date: string) => string;
  returnTo: string;
}) {
  const returnQuery = returnToQuery(returnTo);
  return (
    <div className="month-grid" role="region" aria-label={`${dayjs.utc(month).format("MMMM YYYY")} visits`}>
      {WEEKDAYS.map((w) => (
        <div key={w} className="month-weekday" aria-hidden="true">
          {w}
        </div>
      ))}
      {days.map(({ date: d, visits, total }) => {
        const date = dateParts(d);
        const outside = d.slice(0, 7) !== month.slice(0, 7);
        return (
          <div
            key={d}
            className={`month-cell${outside ? " is-outside" : ""}${d === today ? " is-today" : ""}`}
            role="group"
            aria-label={date.label}
            data-drop-day={d}
          >
            <Link
              className="month-date"
              to={dayHref(d)}
              aria-label={`${date.label}: ${total} ${total === 1 ? "visit" : "visits"}, open the day`}
            >
              {date.day}
            </Link>
            {visits.map((v) => (
              <VisitBlock key={visitKey(v)} visit={v} color={colorOf(v)} compact returnQuery={returnQuery} />
            ))}
            {total > visits.length ? (
              <Link className="month-more" to={dayHref(d)}>
                +{total - visits.length} more
              </Link>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
