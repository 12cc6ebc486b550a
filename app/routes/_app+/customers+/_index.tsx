import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { displayName, FILTERED_COUNT_CAP, type CustomerListRow } from "~/models/customers/customers.schema";
import { listCustomersPage } from "~/models/customers/customers.server";
import { TagType } from "~/models/company/tags.schema";
import { listTags } from "~/models/company/tags.server";
import { readListParams } from "~/utils/list-params";
import { screens } from "~/access/route-table";

const SORTABLE = ["name", "ownCompanyName", "billingAddress"] as const;
const ids = (values: string[]) =>
  [...new Set(values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 50);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customers.list);
  const url = new URL(request.url);
  const params = readListParams(url, SORTABLE);
  const tagIds = ids(url.searchParams.getAll("tag"));
  const excludeTagIds = ids(url.searchParams.getAll("excludeTag"));
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
      <Form method="get" className="toolbar" role="search" aria-label="Filter customers">
        <div className="field">
          <label htmlFor="customer-search">Search</label>
          <input
            id="customer-search"
            name="q"
            type="search"
            defaultValue={params.search}
            placeholder="Name, company, email, phone or address"
          />
        </div>
        <TagSelect name="tag" label="Include tags" options={tagOptions} selected={tagIds} />
        <TagSelect name="excludeTag" label="Exclude tags" options={tagOptions} selected={excludeTagIds} />
        {params.sort ? (
          <>
            <input type="hidden" name="sort" value={params.sort.fieldName} />
            <input type="hidden" name="order" value={params.sort.descending ? "desc" : "asc"} />
          </>
        ) : null}
        <input type="hidden" name="pageSize" value={params.pageSize} />
        <button type="submit" className="button">
          Apply
        </button>
        {params.search || tagIds.length || excludeTagIds.length ? (
          <Link className="button" to="/customers">
            Clear
          </Link>
        ) : null}
      </Form>
      {page.totalIsCapped ? (
        <p className="muted">
          More than {FILTERED_COUNT_CAP} customers match: narrow the search to see them all counted.
        </p>
      ) : null}
      <DataTable
        caption="Customers"
        columns={columns}
        rows={page.items}
        rowKey={(c) => c.id}
        total={page.total}
        params={params}
      />
    </>
  );
}

function TagSelect({
  name,
  label,
  options,
  selected,
}: {
  name: string;
  label: string;
  options: { id: number; label: string }[];
  selected: number[];
}) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select
        id={`filter-${name}`}
        name={name}
        multiple
        defaultValue={selected.map(String)}
        size={Math.min(Math.max(options.length, 2), 4)}
      >
        {options.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Customers | Fieldwise" }];
