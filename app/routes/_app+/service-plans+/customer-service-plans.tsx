import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { canOpen, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { CappedCountNote, DataTable, type Column } from "~/components/data-table";
import { statusFilter } from "~/components/document-list";
import { ListFilterForm } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { PlanStatusBadge } from "~/components/service-plan-status";
import { ServicePlansTabs } from "~/components/service-plans-tabs";
import { CUSTOMER_PLAN_SORT_FIELDS } from "~/models/service-plans/customer-plans.schema";
import { CUSTOMER_PLANS_COUNT_CAP, listCustomerPlansPage } from "~/models/service-plans/customer-plans.server";
import {
  paymentScheduleLabels,
  planStatusLabels,
  PlanStatus,
  type PaymentScheduleValue,
} from "~/models/service-plans/plan-terms";
import { DATE_SHORT, formatInZone, formatMoney } from "~/utils/format";
import { readListParams } from "~/utils/list-params";

const STATUSES = [PlanStatus.Pending, PlanStatus.Active, PlanStatus.Cancelled] as const;
const statusOptions = STATUSES.map((s) => ({ value: String(s), label: planStatusLabels[s] }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.customerServicePlans);
  const url = new URL(request.url);
  const params = readListParams(url, CUSTOMER_PLAN_SORT_FIELDS);
  const statusText = url.searchParams.get("status");
  const status = STATUSES.find((s) => String(s) === statusText);
  const page = await listCustomerPlansPage(access.ctx, {
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
    searchQuery: params.search,
    status,
  });
  const tz = access.company.timezone;
  return json({
    page: {
      ...page,
      items: page.items.map((p) => ({
        ...p,
        nextVisit: p.nextVisitAt ? formatInZone(p.nextVisitAt, tz, DATE_SHORT) : null,
        nextBilling: p.nextBillingAt ? formatInZone(p.nextBillingAt, tz, DATE_SHORT) : null,
      })),
    },
    params,
    status: status === undefined ? null : String(status),
    countCap: CUSTOMER_PLANS_COUNT_CAP,
    tabs: canOpen(access, "/service-plans"),
    canSell: canOpen(access, "/assign-service-plan"),
  });
}

type Row = SerializeFrom<typeof loader>["page"]["items"][number];

/** Sold plans: search, status filter, sort and paging in the URL (works without JavaScript); a field tech sees their customers' plans. */
export default function CustomerServicePlansRoute() {
  const { page, params, status, countCap, tabs, canSell } = useLoaderData<typeof loader>();
  const columns: Column<Row>[] = [
    {
      title: "Plan",
      fieldName: "name",
      render: (p) => <Link to={`/service-plans/customer-service-plans/${p.id}`}>{p.name}</Link>,
    },
    { title: "Customer", fieldName: "customerName", render: (p) => p.customerName, truncate: true },
    { title: "Property", render: (p) => p.location ?? "—", truncate: true },
    {
      title: "Status",
      fieldName: "status",
      render: (p) => <PlanStatusBadge status={p.status} failed={!!p.lastChargeError} />,
    },
    { title: "Next visit", render: (p) => p.nextVisit ?? "—" },
    { title: "Next billing", render: (p) => (p.status === PlanStatus.Active ? (p.nextBilling ?? "—") : "—") },
    {
      title: "Price per payment",
      render: (p) =>
        `${formatMoney(p.perPaymentCents)} ${paymentScheduleLabels[p.paymentSchedule as PaymentScheduleValue].toLowerCase()}`,
    },
  ];
  return (
    <>
      <PageHeader
        title="Customer Service Plans"
        actions={
          canSell ? (
            <Link className="button button-primary" to="/assign-service-plan">
              Sell a Service Plan
            </Link>
          ) : null
        }
      />
      {tabs ? <ServicePlansTabs /> : null}
      <ListFilterForm
        label="Filter service plans"
        search={{ id: "plan-search", placeholder: "Plan, customer or address" }}
        filters={[statusFilter("plan-status", statusOptions, status)]}
        params={params}
        clearTo={params.search || status !== null ? "/service-plans/customer-service-plans" : null}
      />
      <CappedCountNote capped={page.totalIsCapped} cap={countCap.toLocaleString("en-US")} noun="plans" />
      <DataTable
        caption="Customer service plans"
        columns={columns}
        rows={page.items}
        total={page.total}
        params={params}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Customer Service Plans | Fieldwise" }];
