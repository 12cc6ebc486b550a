import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { jobStatusLabels, type JobStatusValue } from "~/models/jobs/jobs.schema";
import { estimateStatusLabels, type EstimateStatusValue } from "~/models/estimates/estimates.schema";
import { formatInZone, formatMoney } from "~/utils/format";
import type { ListParams } from "~/utils/list-params";
import { InvoiceStatusBadge, shortDate } from "~/components/invoice-status";

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

export type CustomerEstimateRow = {
  id: number;
  number: number;
  name: string | null;
  status: number;
  startTime: string | null;
  totalCents: number;
};

const estimateColumns = (timezone: string): Column<CustomerEstimateRow>[] => [
  { title: "Estimate", render: (e) => <Link to={`/estimates/${e.id}`}>#{e.number}</Link> },
  { title: "Title", render: (e) => e.name ?? "", truncate: true },
  { title: "Status", render: (e) => estimateStatusLabels[e.status as EstimateStatusValue] ?? "" },
  { title: "Visit", render: (e) => (e.startTime ? formatInZone(e.startTime, timezone) : "Unscheduled") },
  { title: "Total", render: (e) => formatMoney(e.totalCents) },
];

export type CustomerInvoiceRow = {
  id: number;
  number: number;
  status: number;
  isOverdue: boolean;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
};

const invoiceColumns: Column<CustomerInvoiceRow>[] = [
  { title: "Invoice", render: (i) => <Link to={`/invoices/${i.id}`}>#{i.number}</Link> },
  { title: "Status", render: (i) => <InvoiceStatusBadge {...i} /> },
  { title: "Due", render: (i) => shortDate(i.dueDate) },
  { title: "Total", render: (i) => formatMoney(i.totalCents) },
  { title: "Balance", render: (i) => formatMoney(i.balanceCents) },
];

export type CustomerPlanInvoiceRow = CustomerInvoiceRow & { planName: string | null; billingPeriod: number | null };

const planInvoiceColumns: Column<CustomerPlanInvoiceRow>[] = [
  { title: "Invoice", render: (i) => <Link to={`/invoices/${i.id}`}>#{i.number}</Link> },
  {
    title: "Service plan",
    render: (i) => (i.planName ? `${i.planName}, payment ${(i.billingPeriod ?? 0) + 1}` : ""),
    truncate: true,
  },
  { title: "Status", render: (i) => <InvoiceStatusBadge {...i} /> },
  { title: "Due", render: (i) => shortDate(i.dueDate) },
  { title: "Total", render: (i) => formatMoney(i.totalCents) },
  { title: "Balance", render: (i) => formatMoney(i.balanceCents) },
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
  if (tab === "estimates")
    return (
      <DataTable
        caption="Estimates"
        columns={estimateColumns(timezone)}
        rows={rows as CustomerEstimateRow[]}
        total={total}
        params={params}
      />
    );
  if (tab === "invoices")
    return (
      <DataTable
        caption="Invoices"
        columns={invoiceColumns}
        rows={rows as CustomerInvoiceRow[]}
        total={total}
        params={params}
      />
    );
  return (
    <DataTable
      caption="Subscription Invoices"
      columns={planInvoiceColumns}
      rows={rows as CustomerPlanInvoiceRow[]}
      total={total}
      params={params}
    />
  );
}
