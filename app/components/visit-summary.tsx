import type { ReactNode } from "react";
import { formatInZone } from "~/utils/format";

/** What a record with a visit (job, estimate) shows in its summary. */
export type Visit = {
  customerId: number;
  customerName: string;
  location: string | null;
  startTime: string | null;
  endTime: string | null;
  isAllDay: boolean;
  arrivalWindowOffset: number;
  employees: { firstName: string; lastName: string }[];
  tags: { name: string }[];
  description: string | null;
  privateNotes: string | null;
  message: string | null;
};

/**
 * The summary card of a record with a visit (job, estimate): customer, address, when, arrival
 * window, employees and tags, the record's own rows (`children`, after `when`), then its notes.
 */
export function VisitSummary({
  visit,
  timezone,
  whenLabel = "When",
  children,
}: {
  visit: Visit;
  timezone: string;
  whenLabel?: string;
  children?: ReactNode;
}) {
  return (
    <section className="card stack" aria-labelledby="visit-summary">
      <h2 id="visit-summary">Summary</h2>
      <dl className="details">
        <dt>Customer</dt>
        <dd>
          <a href={`/customers/${visit.customerId}`}>{visit.customerName}</a>
        </dd>
        <dt>Address</dt>
        <dd>{visit.location ?? "—"}</dd>
        <dt>{whenLabel}</dt>
        <dd>
          {visit.startTime
            ? `${formatInZone(visit.startTime, timezone, visit.isAllDay ? "MMM Do, YYYY" : undefined)}${visit.isAllDay ? " (all day)" : ` – ${formatInZone(visit.endTime, timezone, "hh:mm a")}`}`
            : "Unscheduled"}
        </dd>
        {visit.arrivalWindowOffset ? (
          <>
            <dt>Arrival window</dt>
            <dd>{visit.arrivalWindowOffset} minutes</dd>
          </>
        ) : null}
        <dt>Employees</dt>
        <dd>{visit.employees.map((e) => `${e.firstName} ${e.lastName}`.trim()).join(", ") || "None"}</dd>
        <dt>Tags</dt>
        <dd>{visit.tags.map((t) => t.name).join(", ") || "None"}</dd>
        {children}
      </dl>
      {visit.description ? <p className="multiline">{visit.description}</p> : null}
      {visit.privateNotes ? (
        <p className="multiline">
          <strong>Private notes:</strong> {visit.privateNotes}
        </p>
      ) : null}
      {visit.message ? (
        <p className="multiline">
          <strong>Message:</strong> {visit.message}
        </p>
      ) : null}
    </section>
  );
}
