import { Link } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import type { FilterOption, ListFilter } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { formatInZone, formatMoney } from "~/utils/format";

/** A list page's header (jobs, estimates, invoices): its title and the way to a new one. */
export function ListPageHeader({ title, newTo, newLabel }: { title: string; newTo: string; newLabel: string }) {
  return (
    <PageHeader
      title={title}
      actions={
        <Link className="button button-primary" to={newTo}>
          {newLabel}
        </Link>
      }
    />
  );
}

/** The status select each document list filters by, "All" first. */
export const statusFilter = (id: string, options: FilterOption[], selected: string | number | null): ListFilter => ({
  id,
  name: "status",
  label: "Status",
  options,
  selected,
  allLabel: "All",
});

/** The columns a document list (jobs, estimates, invoices) shares, each sorting by its field. */
export const documentColumns = {
  customer: <Row extends { customerName: string }>(): Column<Row> => ({
    title: "Customer",
    fieldName: "customerName",
    render: (row) => row.customerName,
    truncate: true,
  }),
  /** The visit's start in the company's zone, or "Unscheduled". */
  visit: <Row extends { startTime: string | null }>(title: string, timezone: string): Column<Row> => ({
    title,
    fieldName: "startTime",
    render: (row) => (row.startTime ? formatInZone(row.startTime, timezone) : "Unscheduled"),
  }),
  status: <Row extends { status: number }>(labels: Record<number, string>): Column<Row> => ({
    title: "Status",
    fieldName: "status",
    render: (row) => <span className={`badge status-${row.status}`}>{labels[row.status]}</span>,
  }),
  total: <Row extends { totalCents: number }>(): Column<Row> => ({
    title: "Total",
    fieldName: "total",
    render: (row) => formatMoney(row.totalCents),
  }),
};
