import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable, type Column } from "~/components/data-table";
import { EmployeeAvatar } from "~/components/employee-form";
import { ListFilterForm } from "~/components/list-filter-form";
import { PageHeader } from "~/components/page-header";
import { requireAccess } from "~/access/access.server";
import { EMPLOYEE_SORT_FIELDS } from "~/models/employees/employees.schema";
import { canCreateEmployee, pageEmployees, type EmployeeRow } from "~/models/employees/employees.server";
import { roleLabels } from "~/access/roles";
import employeeStyles from "~/styles/employees.css";
import { readListParams } from "~/utils/list-params";
import { formatPhone } from "~/utils/validation";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.employees.list);
  const url = new URL(request.url);
  const params = readListParams(url, EMPLOYEE_SORT_FIELDS);
  const [page, limit] = await Promise.all([
    pageEmployees(
      ctx,
      { pageNumber: params.page, pageSize: params.pageSize, sortSettings: params.sort ? [params.sort] : [] },
      params.search,
    ),
    canCreateEmployee(ctx, company.employeeLimit),
  ]);
  const deleteId = Number(url.searchParams.get("delete")) || null;
  const toDelete = deleteId ? (page.items.find((e) => e.id === deleteId) ?? null) : null;
  return json({
    ...page,
    params,
    limit,
    toDelete: toDelete && { id: toDelete.id, name: `${toDelete.firstName} ${toDelete.lastName}` },
    userId: ctx.userId,
  });
}

export default function EmployeesRoute() {
  const { items, total, params, limit, toDelete, userId } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete("delete");
  const listUrl = `/employees${search.size ? `?${search}` : ""}`;
  const withDelete = (id: number) => {
    const next = new URLSearchParams(search);
    next.set("delete", String(id));
    return `/employees?${next}`;
  };
  const columns: Column<(typeof items)[number]>[] = [
    {
      title: "Name",
      fieldName: "name",
      render: (e) => (
        <span className="name-cell">
          <EmployeeAvatar firstName={e.firstName} lastName={e.lastName} color={e.color} logoUrl={e.logoUrl} />
          <Link to={`/employees/${e.id}${location.search}`} preventScrollReset>
            {e.firstName} {e.lastName}
          </Link>
        </span>
      ),
    },
    { title: "Email", fieldName: "email", render: (e) => e.email },
    { title: "Phone", render: (e) => <span className="nowrap">{formatPhone(e.mainPhoneNumber)}</span> },
    { title: "Role", fieldName: "role", render: (e) => roleLabels[e.role as keyof typeof roleLabels] },
    { title: "Tags", render: (e: Pick<EmployeeRow, "tags">) => <TagList tags={e.tags} /> },
    {
      title: "Actions",
      render: (e) => (
        <span className="actions-cell">
          <Link
            to={`/employees/${e.id}${location.search}`}
            preventScrollReset
            aria-label={`Edit ${e.firstName} ${e.lastName}`}
          >
            Edit
          </Link>
          {e.id === userId ? null : (
            <Link to={withDelete(e.id)} preventScrollReset aria-label={`Delete ${e.firstName} ${e.lastName}`}>
              Delete
            </Link>
          )}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Employees"
        actions={
          <>
            <a className="button" href="/api/users/exportUsers" download>
              Export
            </a>
            {limit.canCreate ? (
              <Link className="button button-primary" to={`/employees/new${location.search}`} preventScrollReset>
                Add Employee
              </Link>
            ) : (
              <span className="button button-primary" aria-disabled="true">
                Add Employee
              </span>
            )}
          </>
        }
      />
      <p className="muted">
        {limit.employeeCount} of {limit.employeeLimit} employees allowed by your plan.
      </p>
      {limit.message ? <p className="alert alert-warning">{limit.message}</p> : null}
      <ListFilterForm
        search={{ id: "employee-search", placeholder: "Name, email or phone" }}
        params={params}
        submitLabel="Search"
      />
      <DataTable columns={columns} rows={items} total={total} params={params} caption="Employees" />
      {toDelete ? (
        <ConfirmDialog
          title="Delete Employee"
          intent="delete"
          confirmLabel="Delete"
          cancelTo={listUrl}
          action={`/employees/${toDelete.id}${listUrl.slice("/employees".length)}`}
        >
          <p>
            {toDelete.name} will no longer be able to sign in. Jobs and notes keep their name. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
      <Outlet />
    </>
  );
}

function TagList({ tags }: { tags: { id: number; label: string }[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="tag-list">
      {tags.map((t) => (
        <span key={t.id} className="badge">
          {t.label}
        </span>
      ))}
    </span>
  );
}

export const meta: MetaFunction = () => [{ title: "Employees | Fieldwise" }];
