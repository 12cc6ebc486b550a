import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { formatInZone, formatMoney } from "~/utils/format";
import type { ListParams } from "~/utils/list-params";

export const CUSTOMER_TABS = [
  { id: "jobs", label: "Jobs" },
  { id: "estimates", label: "Estimates" },
  { id: "invoices", label: "Invoices" },
  { id: "subscription-invoices", label: "Subscription Invoices" },
] as const;
export type CustomerTabId = (typeof CUSTOMER_TABS)[number]["id"];

export type CustomerJobRow = {
  id: number;
  name: string | null;
  status: number;
  startTime: string | null;
  location: string | null;
  totalCents: number;
};

const jobColumns = (timezone: string): Column<CustomerJobRow>[] => [
  { title: "Job", render: (j) => <Link to={`/jobs/${j.id}`}>{j.name ?? `Job #${j.id}`}</Link> },
  { title: "Status", render: (j) => jobStatusLabels[j.status as JobStatusValue] ?? "" },
  { title: "Scheduled", render: (j) => (j.startTime ? formatInZone(j.startTime, timezone) : "Unscheduled") },
  { title: "Address", render: (j) => j.location ?? "", truncate: true },
  { title: "Total", render: (j) => formatMoney(j.totalCents) },
];

/**
 * One tab of the customer profile. Each area fills its tab through its customer-scoped page
 * query (jobs: listCustomerJobsPage); a tab whose area is not built shows 'No items'.
 */
export function CustomerTabTable({
  tab,
  rows,
  total,
  params,
  timezone,
}: {
  tab: CustomerTabId;
  rows: unknown[];
  total: number;
  params: ListParams;
  timezone: string;
}) {
  if (tab === "jobs")
    return (
      <DataTable
        caption="Jobs"
        columns={jobColumns(timezone)}
        rows={rows as CustomerJobRow[]}
        total={total}
        params={params}
      />
    );
  return (
    <DataTable
      caption={CUSTOMER_TABS.find((t) => t.id === tab)?.label}
      columns={[{ title: "Number", render: () => "" }]}
      rows={[] as never[]}
      rowKey={() => 0}
      total={0}
      params={params}
    />
  );
}
