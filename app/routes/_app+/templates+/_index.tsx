import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { DataTable, type Column } from "~/components/data-table";
import { ListPageHeader } from "~/components/document-list";
import { ListFilterForm } from "~/components/list-filter-form";
import { currentTab, Tabs } from "~/components/tabs";
import { TEMPLATE_SORT_FIELDS, typeOfSlug } from "~/models/templates/templates.schema";
import { pageTemplates } from "~/models/templates/templates.server";
import { DATE_SHORT, formatInZone } from "~/utils/format";
import { readListParams } from "~/utils/list-params";

const TABS = [
  { id: "job", label: "Job templates" },
  { id: "estimate", label: "Estimate templates" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.templates.list);
  const url = new URL(request.url);
  const params = readListParams(url, TEMPLATE_SORT_FIELDS);
  const type = currentTab(url, TABS, "type") as "job" | "estimate";
  const page = await pageTemplates(ctx, {
    entityType: typeOfSlug(type)!,
    search: params.search,
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
  });
  return json({ page, params, type, timezone: company.timezone });
}

/** Job and estimate templates: a tab per type, search by name, sort by name, paging; all in the URL. */
export default function TemplatesRoute() {
  const { page, params, type, timezone } = useLoaderData<typeof loader>();
  const noun = type === "job" ? "job" : "estimate";
  const columns: Column<(typeof page.items)[number]>[] = [
    { title: "Name", fieldName: "name", render: (t) => <Link to={`/templates/${t.id}`}>{t.name}</Link> },
    { title: "Description", render: (t) => t.description ?? "", truncate: true },
    { title: "Updated", render: (t) => formatInZone(t.updatedAt, timezone, DATE_SHORT) },
  ];
  return (
    <>
      <ListPageHeader title="Templates" newTo={`/templates/${type}/new`} newLabel={`New ${noun} template`} />
      <Tabs tabs={TABS} current={type} param="type" />
      <ListFilterForm
        label="Search templates"
        search={{ id: "template-search", placeholder: "Template name", label: "Search", labelHidden: true }}
        hidden={{ type }}
        params={params}
        clearTo={params.search ? `/templates?type=${type}` : null}
      />
      <DataTable
        caption={`${noun === "job" ? "Job" : "Estimate"} templates`}
        columns={columns}
        rows={page.items}
        total={page.total}
        params={params}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Templates | Fieldwise" }];
