import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { ListFilterForm } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { subscriptionStatusLabels } from "~/models/admin/admin-panel.schema";
import { COMPANY_SORT_FIELDS, companyFilterSchema, listPlans, pageCompanies } from "~/models/admin/admin-panel.server";
import employeeStyles from "~/styles/employees.css";
import { DATE_SHORT, dayjs } from "~/utils/format";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.adminPanel.companies);
  const url = new URL(request.url);
  const params = readListParams(url, COMPANY_SORT_FIELDS);
  const parsed = companyFilterSchema.safeParse({
    priceId: url.searchParams.get("priceId") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
  });
  const filter = parsed.success ? parsed.data : {};
  const [page, plans] = await Promise.all([
    pageCompanies(
      ctx,
      { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
      filter,
      params.search,
    ),
    listPlans(),
  ]);
  return json({ ...page, params, filter, plans });
}

const statusOptions = Object.entries(subscriptionStatusLabels).map(([value, label]) => ({ value, label }));
const formatDate = (iso: string | null) => (iso ? dayjs.utc(iso).format(DATE_SHORT) : "");

export default function AdminPanelRoute() {
  const { items, total, params, filter, plans } = useLoaderData<typeof loader>();
  const planOptions = plans.map((p) => ({ value: p.priceId, label: p.label }));
  const columns: Column<(typeof items)[number]>[] = [
    {
      title: "Business Name",
      fieldName: "businessName",
      render: (c) => <Link to={`/admin-panel/company-details/${c.id}`}>{c.businessName}</Link>,
    },
    { title: "Admin Email", render: (c) => c.adminEmail ?? c.email ?? "" },
    { title: "Plan", render: (c) => c.planName ?? "No plan" },
    { title: "Status", render: (c) => (c.status === null ? "No plan" : subscriptionStatusLabels[c.status]) },
    { title: "Trial Expiration", render: (c) => formatDate(c.trialExpiration) },
    { title: "Expiration Date", render: (c) => formatDate(c.expirationDate) },
    { title: "Users", render: (c) => String(c.userCount) },
    { title: "Created", fieldName: "createdAt", render: (c) => formatDate(c.createdAt) },
  ];
  return (
    <>
      <PageHeader
        title="Admin Panel"
        actions={
          <>
            <Link className="button" to="/admin-panel/plans">
              Plans
            </Link>
            <Link className="button" to="/admin-panel/impersonation-log">
              Impersonation Log
            </Link>
          </>
        }
      />
      <ListFilterForm
        search={{ id: "company-search", placeholder: "Business name or admin email" }}
        filters={[
          {
            id: "company-plan",
            name: "priceId",
            label: "Plan",
            options: planOptions,
            selected: filter.priceId ?? null,
            allLabel: "All plans",
          },
          {
            id: "company-status",
            name: "status",
            label: "Status",
            options: statusOptions,
            selected: filter.status ?? null,
            allLabel: "All statuses",
          },
        ]}
        params={params}
      />
      <DataTable columns={columns} rows={items} total={total} params={params} caption="Companies" />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin Panel | Fieldwise" }];
