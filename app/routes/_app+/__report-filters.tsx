import { Form, Link } from "@remix-run/react";
import {
  REPORT_GROUPS,
  reportGroupLabels,
  type ReportFilterErrors,
  type ReportFilters,
} from "~/models/reports/reports.schema";
import { DATE_SHORT, dayjs } from "~/utils/format";

/**
 * The reports' filter form: a GET form, so the range and grouping live in the URL and work without
 * JavaScript. Dates are days in the company's time zone. The tab (`by`) travels along.
 */
export function ReportFilterForm({
  filters,
  errors,
  given,
  clearTo,
}: {
  filters: ReportFilters;
  errors: ReportFilterErrors;
  given: { from: string; to: string };
  clearTo: string | null;
}) {
  const field = (name: "from" | "to", label: string) => {
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={`report-${name}`}>{label}</label>
        <input
          id={`report-${name}`}
          name={name}
          type="date"
          defaultValue={error ? given[name] : filters[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `report-${name}-error` : undefined}
        />
        {error ? (
          <p id={`report-${name}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Report filters">
      {filters.by !== "period" ? <input type="hidden" name="by" value={filters.by} /> : null}
      {field("from", "From")}
      {field("to", "To")}
      <div className="field">
        <label htmlFor="report-group">Group by</label>
        <select id="report-group" name="group" defaultValue={filters.group}>
          {REPORT_GROUPS.map((group) => (
            <option key={group} value={group}>
              {reportGroupLabels[group]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Apply
      </button>
      {clearTo ? (
        <Link className="button" to={clearTo}>
          This month
        </Link>
      ) : null}
    </Form>
  );
}

/** "Nov 01, 2026 – Nov 30, 2026" */
export function rangeText(filters: { from: string; to: string }): string {
  return `${dayjs(filters.from).format(DATE_SHORT)} – ${dayjs(filters.to).format(DATE_SHORT)}`;
}

/** Whether the URL asks for anything but the defaults (this month by day). */
export function hasFilters(url: URL): boolean {
  return ["from", "to", "group"].some((name) => url.searchParams.has(name));
}
