import { Form, Link } from "@remix-run/react";
import {
  SCHEDULE_VIEWS,
  rangeTitle,
  scheduleHref,
  shiftDate,
  viewLabels,
  type ScheduleEmployee,
  type ScheduleQuery,
} from "~/models/schedule/schedule";

const unitOf = { agenda: "day", day: "day", week: "week", month: "month" } as const;

/** Previous / Today / Next, the range title, the view switch and the employee filter: links and a GET form. */
export function ScheduleToolbar({
  query,
  today,
  employees,
  showFilter,
}: {
  query: ScheduleQuery;
  today: string;
  employees: ScheduleEmployee[];
  showFilter: boolean;
}) {
  const unit = unitOf[query.view];
  const selected = new Set(query.employeeIds);
  return (
    <div className="schedule-toolbar">
      <nav className="schedule-nav" aria-label="Schedule dates">
        <Link
          className="button"
          to={scheduleHref({ ...query, date: shiftDate(query.view, query.date, -1) })}
          aria-label={`Previous ${unit}`}
        >
          ‹
        </Link>
        <Link className="button" to={scheduleHref({ ...query, date: today })}>
          Today
        </Link>
        <Link
          className="button"
          to={scheduleHref({ ...query, date: shiftDate(query.view, query.date, 1) })}
          aria-label={`Next ${unit}`}
        >
          ›
        </Link>
        <h2 className="schedule-title" aria-live="polite">
          {rangeTitle(query.view, query.date)}
        </h2>
      </nav>
      <nav className="schedule-views" aria-label="Calendar view">
        {SCHEDULE_VIEWS.map((view) => (
          <Link
            key={view}
            to={scheduleHref({ ...query, view })}
            aria-current={view === query.view ? "page" : undefined}
          >
            {viewLabels[view]}
          </Link>
        ))}
      </nav>
      {showFilter ? (
        <Form method="get" className="schedule-filter">
          <input type="hidden" name="view" value={query.view} />
          <input type="hidden" name="date" value={query.date} />
          <details className="menu">
            <summary className="button">Employees{selected.size ? ` (${selected.size})` : ": all"}</summary>
            <fieldset className="menu-panel schedule-filter-panel">
              <legend className="visually-hidden">Show employees</legend>
              {employees.map((e) => (
                <label key={e.id} className="checkbox">
                  <input type="checkbox" name="employees" value={e.id} defaultChecked={selected.has(e.id)} />
                  <span className="swatch" style={{ background: e.color ?? undefined }} aria-hidden="true" />
                  {e.name}
                </label>
              ))}
              <div className="row">
                <button type="submit" className="button button-primary">
                  Apply
                </button>
                <Link to={scheduleHref({ ...query, employeeIds: [] })}>Show all</Link>
              </div>
            </fieldset>
          </details>
        </Form>
      ) : null}
    </div>
  );
}
