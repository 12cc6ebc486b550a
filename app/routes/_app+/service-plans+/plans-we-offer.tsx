import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { DataTable, type Column } from "~/components/data-table";
import { ListPageHeader } from "~/components/document-list";
import { ListFilterForm } from "~/components/list-filter-form";
import { paymentScheduleLabels, PLAN_DURATIONS } from "~/models/service-plans/plan-terms";
import { PLAN_SHOW, PLAN_SORT_FIELDS, type PlanShow } from "~/models/service-plans/plans.schema";
import { listServicePlansPage, type PlanListItem } from "~/models/service-plans/plans.server";
import { DATE_SHORT, formatInZone, formatMoney } from "~/utils/format";
import { readListParams } from "~/utils/list-params";

const LIST = "/service-plans/plans-we-offer";
const showOptions = [
  { value: "archived", label: "Archived plans" },
  { value: "all", label: "Offered and archived" },
];

const durationLabel = (months: number | null) => PLAN_DURATIONS.find((d) => d.months === months)?.label ?? "";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.servicePlans.offered);
  const url = new URL(request.url);
  const params = readListParams(url, PLAN_SORT_FIELDS);
  const shown = url.searchParams.get("show");
  const show: PlanShow = (PLAN_SHOW as readonly string[]).includes(shown ?? "") ? (shown as PlanShow) : "offered";
  const page = await listServicePlansPage(ctx, {
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
    searchQuery: params.search,
    show,
  });
  return json({ page, params, show: show === "offered" ? null : show, timezone: company.timezone });
}

/** Plans we offer: search, archived plans on request, sort by name or creation, paging; all in the URL. */
export default function PlansWeOfferRoute() {
  const { page, params, show, timezone } = useLoaderData<typeof loader>();
  const columns: Column<(typeof page.items)[number]>[] = [
    {
      title: "Name",
      fieldName: "name",
      render: (p) => (
        <>
          <Link to={`/service-plan/${p.id}`}>{p.name}</Link>
          {p.archivedAt ? <span className="badge badge-warning"> Archived</span> : null}
        </>
      ),
    },
    { title: "Visits per year", render: (p) => p.visitsPerYear },
    { title: "Total price", render: (p) => formatMoney(p.totalPriceCents) },
    { title: "Duration", render: (p) => durationLabel(p.durationMonths) },
    {
      title: "Payment schedule",
      render: (p) => paymentScheduleLabels[p.paymentSchedule as PlanListItem["paymentSchedule"]],
    },
    { title: "Per payment", render: (p) => formatMoney(p.perPaymentCents) },
    { title: "Created", fieldName: "createdAt", render: (p) => formatInZone(p.createdAt, timezone, DATE_SHORT) },
  ];
  return (
    <>
      <ListPageHeader title="Plans we offer" newTo="/service-plan/new" newLabel="New plan" />
      <ListFilterForm
        label="Filter plans"
        search={{ id: "plan-search", placeholder: "Plan name or description" }}
        filters={[
          {
            id: "plan-show",
            name: "show",
            label: "Show",
            options: showOptions,
            selected: show,
            allLabel: "Offered plans",
          },
        ]}
        params={params}
        clearTo={params.search || show ? LIST : null}
      />
      <DataTable caption="Plans we offer" columns={columns} rows={page.items} total={page.total} params={params} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Plans we offer | Fieldwise" }];
