import { Link, NavLink } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { bookingRequestStatusLabels, type BookingRequestStatusValue } from "~/models/booking/booking.schema";
import { formatInZone, TIME } from "~/utils/format";
import type { ListParams } from "~/utils/list-params";

export type BookingRequestRow = {
  id: number;
  status: number;
  createdAt: string;
  startTime: string;
  endTime: string;
  timezone: string;
  serviceName: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  customerId: number | null;
  customerName: string | null;
};

/** The request's status as a badge with the spec's label. */
export function BookingRequestStatusBadge({ status }: { status: number }) {
  return (
    <span className={`badge booking-status-${status}`}>
      {bookingRequestStatusLabels[status as BookingRequestStatusValue]}
    </span>
  );
}

/** The booked window in the request's own time zone: "Nov 25th, 2026 09:00 am – 11:00 am". */
export const requestWindow = (r: { startTime: string; endTime: string; timezone: string }) =>
  `${formatInZone(r.startTime, r.timezone)} – ${formatInZone(r.endTime, r.timezone, TIME)}`;

export const contactName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/** The requests list and the past list: one table, tabs between the two. */
export function BookingRequestList({
  title,
  rows,
  total,
  params,
  timezone,
}: {
  title: string;
  rows: BookingRequestRow[];
  total: number;
  params: ListParams;
  timezone: string;
}) {
  const columns: Column<BookingRequestRow>[] = [
    {
      title: "Contact",
      fieldName: "customerName",
      render: (r) => <Link to={`/booking-requests/${r.id}`}>{contactName(r)}</Link>,
    },
    { title: "Status", fieldName: "status", render: (r) => <BookingRequestStatusBadge status={r.status} /> },
    { title: "Received", fieldName: "createdAt", render: (r) => formatInZone(r.createdAt, timezone) },
    { title: "Window", fieldName: "startTime", render: (r) => requestWindow(r) },
    { title: "Service", render: (r) => r.serviceName ?? "" },
    { title: "Phone / email", render: (r) => [r.phone, r.email].filter(Boolean).join(" · ") },
    {
      title: "Customer",
      render: (r) => (r.customerId ? <Link to={`/customers/${r.customerId}`}>{r.customerName}</Link> : "Not assigned"),
    },
  ];
  return (
    <>
      <PageHeader title={title} />
      <nav className="tabs" aria-label="Booking requests">
        <NavLink to="/booking-requests" end>
          Requests
        </NavLink>
        <NavLink to="/booking-requests/past">Past requests</NavLink>
      </nav>
      <DataTable caption={title} columns={columns} rows={rows} total={total} params={params} />
    </>
  );
}
