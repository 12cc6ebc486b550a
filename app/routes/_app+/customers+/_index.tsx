import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CappedCountNote, DataTable, type Column } from "~/components/data-table";
import { ListFilterForm, tagFilterOptions, tagFilters } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { displayName, FILTERED_COUNT_CAP, type CustomerListRow } from "~/models/customers/customers.schema";
import { listCustomersPage } from "~/models/customers/customers.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { readIds, readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const SORTABLE = ["name", "ownCompanyName", "billingAddress"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customers.list);
  const url = new URL(request.url);
  const params = readListParams(url, SORTABLE);
  const tagIds = readIds(url, "tag");
  const excludeTagIds = readIds(url, "excludeTag");
  const [page, tagOptions] = await Promise.all([
    listCustomersPage(ctx, {
      pageNumber: params.page,
      pageSize: params.pageSize,
      sortField: params.sort?.fieldName,
      descending: params.sort?.descending,
      tagIds,
      excludeTagIds,
      searchQuery: params.search,
    }),
    listTags(ctx, TagType.Customer),
  ]);
  return json({ page, params, tagOptions, tagIds, excludeTagIds });
}

const columns: Column<CustomerListRow>[] = [
  { title: "Name", fieldName: "name", render: (c) => <Link to={`/customers/${c.id}`}>{displayName(c)}</Link> },
  { title: "Company", fieldName: "ownCompanyName", render: (c) => c.ownCompanyName ?? "", truncate: true },
  {
    title: "Billing Address",
    fieldName: "billingAddress",
    render: (c) => c.billingAddress?.location ?? "",
    truncate: true,
  },
  {
    title: "Tags",
    render: (c) => (
      <span className="row">
        {c.tags.map((t) => (
          <span key={t.id} className="badge">
            {t.label}
          </span>
        ))}
      </span>
    ),
  },
  { title: "Notes", render: (c) => c.notes ?? "", truncate: true },
];

/** The customer list: search, include and exclude tags, sort and paging, all in the URL. */
export default function CustomersRoute() {
  const { page, params, tagOptions, tagIds, excludeTagIds } = useLoaderData<typeof loader>();
  const tags = tagFilterOptions(tagOptions);
  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          <>
            <a className="button" href="/api/customers/exportCustomers" download>
              Export
            </a>
            <Link className="button" to="/customers/import">
              Import
            </Link>
            <Link className="button button-primary" to="/customers/new">
              Add Customer
            </Link>
          </>
        }
      />
      <ListFilterForm
        label="Filter customers"
        search={{ id: "customer-search", placeholder: "Name, company, email, phone or address" }}
        filters={tagFilters(
          tags,
          { id: "filter-tag", label: "Include tags", selected: tagIds },
          { id: "filter-excludeTag", label: "Exclude tags", selected: excludeTagIds },
        )}
        params={params}
        clearTo={params.search || tagIds.length || excludeTagIds.length ? "/customers" : null}
      />
      <CappedCountNote capped={page.totalIsCapped} cap={FILTERED_COUNT_CAP} noun="customers" />
      <DataTable caption="Customers" columns={columns} rows={page.items} total={page.total} params={params} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Customers | Fieldwise" }];
