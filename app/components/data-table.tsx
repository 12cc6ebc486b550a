import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { nextSort, pageCount, PAGE_SIZES, type ListParams } from "~/utils/list-params";
import { useHydrated } from "~/utils/use-hydrated";

export type Column<Row> = {
  title: string;
  /** The sort field sent in the URL; columns without it are not sortable. */
  fieldName?: string;
  render: (row: Row) => ReactNode;
  /** Cells are cut at 15 characters with the full text as a tooltip. */
  truncate?: boolean;
};

function withParams(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export function truncateText(text: string | null | undefined, max = 15) {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A table sorted and paged through links and query parameters: no JavaScript needed. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  total,
  params,
  caption,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  total: number;
  params: ListParams;
  caption?: string;
}) {
  const location = useLocation();
  return (
    <div className="table-wrap">
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => {
              if (!column.fieldName) return <th key={column.title}>{column.title}</th>;
              const active = params.sort?.fieldName === column.fieldName ? params.sort : null;
              const next = nextSort(params.sort, column.fieldName);
              const href = withParams(location.search, {
                sort: next?.fieldName ?? null,
                order: next ? (next.descending ? "desc" : "asc") : null,
                page: null,
              });
              return (
                <th key={column.title} aria-sort={active ? (active.descending ? "descending" : "ascending") : "none"}>
                  <Link to={href} preventScrollReset>
                    {column.title} <span aria-hidden="true">{active ? (active.descending ? "▼" : "▲") : "↕"}</span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                No items
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const content = column.render(row);
                  if (column.truncate && typeof content === "string") {
                    return (
                      <td key={column.title} title={content}>
                        {truncateText(content)}
                      </td>
                    );
                  }
                  return <td key={column.title}>{content}</td>;
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pagination total={total} params={params} />
    </div>
  );
}

/** 'Rows per page:', '{from}-{to} of {total} items', page 'of {n} pages', previous and next. */
export function Pagination({ total, params }: { total: number; params: ListParams }) {
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const pages = pageCount(total, params.pageSize);
  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);
  const keep = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== "pageSize" && k !== "page");
  return (
    <nav className="pagination" aria-label="Pagination">
      <Form method="get" className="row" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="page-size">Rows per page:</label>
        <select id="page-size" name="pageSize" defaultValue={params.pageSize}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="button">
            Apply
          </button>
        )}
      </Form>
      <span>
        {from}-{to} of {total} items
      </span>
      <span>
        {params.page} of {pages} pages
      </span>
      <PageLink
        to={withParams(location.search, { page: String(params.page - 1) })}
        disabled={params.page <= 1}
        label="Previous page"
      >
        ‹
      </PageLink>
      <PageLink
        to={withParams(location.search, { page: String(params.page + 1) })}
        disabled={params.page >= pages}
        label="Next page"
      >
        ›
      </PageLink>
    </nav>
  );
}

function PageLink({
  to,
  disabled,
  label,
  children,
}: {
  to: string;
  disabled: boolean;
  label: string;
  children: ReactNode;
}) {
  if (disabled) {
    return (
      <span className="button" aria-disabled="true" aria-label={label}>
        {children}
      </span>
    );
  }
  return (
    <Link className="button" to={to} aria-label={label} preventScrollReset>
      {children}
    </Link>
  );
}
