import { Form, Link, useLocation } from "@remix-run/react";
import { PageLink, PageSizeForm, withParams } from "~/components/data-table";
import { FieldError } from "~/components/form";
import type { FilterOption } from "~/components/list-filter-form";
import {
  activityEventLabels,
  activityStatusLabels,
  type ActivityItem,
  type ActivitySource,
} from "~/models/activity/activity.schema";
import { ActorType, paymentMethodLabels } from "~/models/jobs/jobs.schema";
import { formatInZone, formatMoney } from "~/utils/format";

const RECORD_PATHS: Record<ActivitySource, string> = { job: "/jobs", estimate: "/estimates", invoice: "/invoices" };

/** Who acted: the customer (main participant), an employee (and who acted as them), or the system. */
export function activityActor(
  row: Pick<ActivityItem, "actorType" | "actorName" | "impersonatorName" | "customerName">,
) {
  if (row.actorType === ActorType.MainParticipant) return `${row.customerName} (customer)`;
  if (!row.actorName) return "System";
  return row.impersonatorName ? `${row.impersonatorName} (as ${row.actorName})` : row.actorName;
}

/** The event's particulars: the status move, a payment's amount and method, the reason. */
export function activityDetails(row: ActivityItem): string {
  const statuses = activityStatusLabels[row.source];
  const parts: string[] = [];
  if (row.fromStatus !== null && row.toStatus !== null)
    parts.push(`${statuses[row.fromStatus] ?? row.fromStatus} → ${statuses[row.toStatus] ?? row.toStatus}`);
  else if (row.toStatus !== null) parts.push(`Status: ${statuses[row.toStatus] ?? row.toStatus}`);
  if (row.amountCents !== null)
    parts.push(
      row.method !== null && paymentMethodLabels[row.method]
        ? `${formatMoney(row.amountCents)} by ${paymentMethodLabels[row.method]}`
        : formatMoney(row.amountCents),
    );
  if (row.reason) parts.push(row.reason);
  if (row.undone) parts.push("(undone)");
  return parts.join(" · ");
}

/** The feed's entries: a table on wide screens, one card per entry on a phone. */
export function ActivityTable({ rows, timezone }: { rows: ActivityItem[]; timezone: string }) {
  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <caption className="visually-hidden">Activity, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Record</th>
            <th scope="col">Customer</th>
            <th scope="col">By</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.source}-${row.id}`}>
              <td data-label="When">
                <time dateTime={row.at}>{formatInZone(row.at, timezone)}</time>
              </td>
              <td data-label="Event">{activityEventLabels[row.source][row.type] ?? `Event ${row.type}`}</td>
              <td data-label="Record">
                <Link to={`${RECORD_PATHS[row.source]}/${row.recordId}`}>{row.recordLabel}</Link>
              </td>
              <td data-label="Customer">{row.customerName}</td>
              <td data-label="By">{activityActor(row)}</td>
              <td data-label="Details">{activityDetails(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The feed's filters: a GET form (works without JavaScript; every filter stays in the URL) with
 * event types (several allowed), the employee who acted and a date range in the company's zone.
 */
export function ActivityFilterForm({
  typeGroups,
  employeeOptions,
  selected,
  values,
  errors,
  pageSize,
  filtered,
}: {
  typeGroups: { label: string; options: FilterOption[] }[];
  employeeOptions: FilterOption[];
  selected: { types: string[]; employeeId: number | null };
  values: { from: string; to: string };
  errors: { from?: string; to?: string };
  pageSize: number;
  filtered: boolean;
}) {
  const dateField = (name: "from" | "to", label: string) => (
    <div className="field">
      <label htmlFor={`activity-${name}`}>{label}</label>
      <input
        id={`activity-${name}`}
        name={name}
        type="date"
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `activity-${name}-error` : undefined}
      />
      <FieldError id={`activity-${name}-error`} error={errors[name]} />
    </div>
  );
  return (
    <Form method="get" className="toolbar" role="search" aria-label="Filter activity">
      <div className="field">
        <label htmlFor="activity-type">Event type</label>
        <select
          id="activity-type"
          name="type"
          multiple
          size={5}
          defaultValue={selected.types}
          aria-describedby="activity-type-hint"
        >
          {typeGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p className="field-hint" id="activity-type-hint">
          None chosen: every type.
        </p>
      </div>
      <div className="field">
        <label htmlFor="activity-employee">Employee</label>
        <select id="activity-employee" name="employee" defaultValue={selected.employeeId ?? ""}>
          <option value="">All employees</option>
          {employeeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {dateField("from", "From")}
      {dateField("to", "To")}
      <input type="hidden" name="pageSize" value={pageSize} />
      <button type="submit" className="button">
        Apply
      </button>
      {filtered || errors.from || errors.to ? (
        <Link className="button" to="/activity-feed">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * 'Rows per page:', 'Page N', previous and next. No grand total: counting the company's whole
 * history would cost more than the page (docs/decisions/066); one row more tells if a next page exists.
 */
export function ActivityPager({
  page,
  pageSize,
  hasNext,
  olderTo,
}: {
  page: number;
  pageSize: number;
  hasNext: boolean;
  /** Past the numbered pages: the `to` date that continues with older events. */
  olderTo: string | null;
}) {
  const location = useLocation();
  return (
    <nav className="pagination" aria-label="Pagination">
      <PageSizeForm pageSize={pageSize} />
      <span>Page {page}</span>
      <PageLink
        to={withParams(location.search, { page: page > 2 ? String(page - 1) : null })}
        disabled={page <= 1}
        label="Previous page"
      >
        ‹
      </PageLink>
      {olderTo ? (
        <Link className="button" to={withParams(location.search, { page: null, to: olderTo })}>
          Older events
        </Link>
      ) : (
        <PageLink to={withParams(location.search, { page: String(page + 1) })} disabled={!hasNext} label="Next page">
          ›
        </PageLink>
      )}
    </nav>
  );
}
