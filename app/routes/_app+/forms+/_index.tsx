import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { DataTable, type Column } from "~/components/data-table";
import { ListPageHeader } from "~/components/document-list";
import { ListFilterForm } from "~/components/list-filter-form";
import { FORM_SORT_FIELDS, pageForms, type FormListRow } from "~/models/checklists/forms.server";
import { DATE_SHORT, formatInZone } from "~/utils/format";
import { readListParams } from "~/utils/list-params";

const LIST = "/forms";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.forms.list);
  const params = readListParams(new URL(request.url), FORM_SORT_FIELDS);
  const page = await pageForms(ctx, {
    search: params.search,
    paging: { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
  });
  return json({ page, params, timezone: company.timezone });
}

/** The company's forms and checklists: search by name, sorted by name, paged; all in the URL. */
export default function FormsRoute() {
  const { page, params, timezone } = useLoaderData<typeof loader>();
  const columns: Column<Omit<FormListRow, "updatedAt"> & { updatedAt: string }>[] = [
    { title: "Name", fieldName: "name", render: (f) => <Link to={`${LIST}/${f.id}`}>{f.name}</Link> },
    { title: "Items", render: (f) => f.itemsCount },
    { title: "Updated", render: (f) => formatInZone(f.updatedAt, timezone, DATE_SHORT) },
  ];
  return (
    <>
      <ListPageHeader title="Forms and checklists" newTo={`${LIST}/new`} newLabel="New form" />
      <ListFilterForm
        label="Search forms"
        search={{ id: "form-search", placeholder: "Form name", label: "Search", labelHidden: true }}
        params={params}
        submitLabel="Search"
        clearTo={params.search ? LIST : null}
      />
      <DataTable
        caption="Forms and checklists"
        columns={columns}
        rows={page.items}
        total={page.total}
        params={params}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Forms and checklists | Fieldwise" }];
