import { Link } from "@remix-run/react";
import type { FilterOption, ListFilter } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";

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
