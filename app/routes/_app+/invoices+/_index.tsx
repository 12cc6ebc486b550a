import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { documentColumns, ListPageHeader, statusFilter } from "~/components/document-list";
import { Link, useLoaderData } from "@remix-run/react";
import { CappedCountNote, DataTable, type Column } from "~/components/data-table";
import { ListFilterForm } from "~/components/list-filter-form";
import { InvoiceStatusBadge, shortDate } from "~/components/invoice-status";
import { requireAccess } from "~/access/access.server";
import {
  INVOICE_SORT_FIELDS,
  INVOICE_STATUSES,
  invoiceStatusLabels,
  OVERDUE_FILTER,
  type InvoiceStatusValue,
} from "~/models/invoices/invoices.schema";
import { INVOICES_COUNT_CAP, listInvoicesPage, type InvoiceListItem } from "~/models/invoices/invoices.server";
import { formatMoney } from "~/utils/format";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const statusOptions = [
  ...INVOICE_STATUSES.map((s) => ({ value: String(s), label: invoiceStatusLabels[s] })),
  { value: OVERDUE_FILTER, label: "Overdue" },
];

/** The status filter from the URL: a status number, "overdue", or none. */
function readStatus(text: string | null): number | typeof OVERDUE_FILTER | undefined {
  if (text === OVERDUE_FILTER) return OVERDUE_FILTER;
  if (text === null || text === "") return undefined;
  return INVOICE_STATUSES.includes(Number(text) as InvoiceStatusValue) ? Number(text) : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.invoices.list);
  const url = new URL(request.url);
  const params = readListParams(url, INVOICE_SORT_FIELDS);
  const status = readStatus(url.searchParams.get("status"));
  const page = await listInvoicesPage(ctx, {
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
    searchQuery: params.search,
    status,
  });
  return json({ page, params, status: status === undefined ? null : String(status), countCap: INVOICES_COUNT_CAP });
}

/** The invoices list: search, status filter (with overdue), sort and paging in the URL (works without JavaScript). */
export default function InvoicesRoute() {
  const { page, params, status, countCap } = useLoaderData<typeof loader>();
  const columns: Column<InvoiceListItem>[] = [
    {
      title: "Invoice",
      fieldName: "number",
      render: (i) => <Link to={`/invoices/${i.id}`}>#{i.number}</Link>,
    },
    documentColumns.customer(),
    { title: "Issued", fieldName: "issueDate", render: (i) => shortDate(i.issueDate) },
    { title: "Due", fieldName: "dueDate", render: (i) => shortDate(i.dueDate) },
    { title: "Status", fieldName: "status", render: (i) => <InvoiceStatusBadge {...i} /> },
    documentColumns.total(),
    { title: "Balance", render: (i) => formatMoney(i.balanceCents) },
  ];
  return (
    <>
      <ListPageHeader title="Invoices" newTo="/invoices/new" newLabel="New Invoice" />
      <ListFilterForm
        label="Filter invoices"
        search={{ id: "invoice-search", placeholder: "Number, customer or address" }}
        filters={[statusFilter("invoice-status", statusOptions, status)]}
        params={params}
        clearTo={params.search || status !== null ? "/invoices" : null}
      />
      <CappedCountNote capped={page.totalIsCapped} cap={countCap.toLocaleString("en-US")} noun="invoices" />
      <DataTable caption="Invoices" columns={columns} rows={page.items} total={page.total} params={params} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Invoices | Fieldwise" }];
