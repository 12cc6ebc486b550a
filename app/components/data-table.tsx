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

/** The current query string with `changes` applied (null removes a parameter). */
export function withParams(search: string, changes: Record<string, string | null>) {
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

/**
 * The frame every list table shares: a scrolling wrapper, a caption for screen readers, the header
 * row, and "No items" when there are no rows. With `cards` (cells carrying data-label), a phone shows
 * each row as a card of label and value instead of a table wider than the screen.
 */
export function ListTable<Row>({
  caption,
  headers,
  columnCount,
  rows,
  renderRow,
  children,
  cards = false,
}: {
  caption?: string;
  cards?: boolean;
  /** The header cells. */
  headers: ReactNode;
  columnCount: number;
  rows: Row[];
  renderRow: (row: Row) => ReactNode;
  /** Shown under the table, inside the wrapper (the pager). */
  children?: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={cards ? "table table-cards" : "table"}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>{headers}</tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="empty">
                No items
              </td>
            </tr>
          ) : (
            rows.map(renderRow)
          )}
        </tbody>
      </table>
      {children}
    </div>
  );
}

const idOf = (row: unknown) => (row as { id: string | number }).id;

/** A table sorted and paged through links and query parameters: no JavaScript needed. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey = idOf,
  total,
  params,
  caption,
}: {
  columns: Column<Row>[];
  rows: Row[];
  /** The row's React key: its id unless said otherwise. */
  rowKey?: (row: Row) => string | number;
  total: number;
  params: ListParams;
  caption?: string;
}) {
  return (
    <ListTable
      cards
      caption={caption}
      headers={columns.map((column) =>
        column.fieldName ? (
          <SortableHeader key={column.title} title={column.title} fieldName={column.fieldName} sort={params.sort} />
        ) : (
          <th key={column.title}>{column.title}</th>
        ),
      )}
      columnCount={columns.length}
      rows={rows}
      renderRow={(row) => (
        <tr key={rowKey(row)}>
          {columns.map((column) => {
            const content = column.render(row);
            if (column.truncate && typeof content === "string") {
              return (
                <td key={column.title} title={content} data-label={column.title}>
                  {truncateText(content)}
                </td>
              );
            }
            return (
              <td key={column.title} data-label={column.title}>
                {content}
              </td>
            );
          })}
        </tr>
      )}
    >
      <Pagination total={total} params={params} />
    </ListTable>
  );
}

/** A column header that sorts by its field through a link: none → ascending → descending → none. */
export function SortableHeader({
  title,
  fieldName,
  sort,
}: {
  title: string;
  fieldName: string;
  sort: ListParams["sort"];
}) {
  const location = useLocation();
  const active = sort?.fieldName === fieldName ? sort : null;
  const next = nextSort(sort, fieldName);
  const href = withParams(location.search, {
    sort: next?.fieldName ?? null,
    order: next ? (next.descending ? "desc" : "asc") : null,
    page: null,
  });
  return (
    <th aria-sort={active ? (active.descending ? "descending" : "ascending") : "none"}>
      <Link to={href} preventScrollReset>
        {title} <span aria-hidden="true">{active ? (active.descending ? "▼" : "▲") : "↕"}</span>
      </Link>
    </th>
  );
}

/** Said above a list whose count stopped at its cap, so "of N items" is not taken for the whole. */
export function CappedCountNote({ capped, cap, noun }: { capped: boolean; cap: ReactNode; noun: string }) {
  if (!capped) return null;
  return (
    <p className="muted">
      More than {cap} {noun} match: narrow the search to see them all counted.
    </p>
  );
}

/** 'Rows per page:', '{from}-{to} of {total} items', page 'of {n} pages', previous and next. */
export function Pagination({ total, params }: { total: number; params: ListParams }) {
  const location = useLocation();
  const pages = pageCount(total, params.pageSize);
  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);
  return (
    <nav className="pagination" aria-label="Pagination">
      <PageSizeForm pageSize={params.pageSize} />
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

/**
 * A pager's 'Rows per page:' select: a GET form that submits on change, keeping the other query
 * parameters (the filters, the sort) and going back to the first page.
 */
export function PageSizeForm({ pageSize }: { pageSize: number }) {
  const location = useLocation();
  const submit = useSubmit();
  const keep = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== "pageSize" && k !== "page");
  return (
    <Form method="get" className="row" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="page-size">Rows per page:</label>
      <select id="page-size" name="pageSize" defaultValue={pageSize}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <ApplyWithoutJavaScript />
    </Form>
  );
}

/** A pager's previous or next button: a link, or a disabled button on the first or last page. */
export function PageLink({
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

/** The Apply button of a GET form that submits on change: there only until JavaScript takes over. */
function ApplyWithoutJavaScript() {
  const hydrated = useHydrated();
  return hydrated ? null : (
    <button type="submit" className="button">
      Apply
    </button>
  );
}

/**
 * A list's filter by one select with an 'All' choice: a GET form that submits on change and carries
 * `keep` (the tab, the sort, the page size) in hidden fields.
 */
export function SelectFilterForm({
  label,
  className,
  keep,
  select,
}: {
  label: string;
  className?: string;
  keep: [name: string, value: string | number][];
  select: {
    id: string;
    name: string;
    title: string;
    value: string | number | null;
    options: { value: string | number; label: string }[];
  };
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className={className ? `row ${className}` : "row"}
      aria-label={label}
      onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={select.id}>{select.title}</label>
      <select id={select.id} name={select.name} className="input" defaultValue={select.value ?? ""}>
        <option value="">All</option>
        {select.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ApplyWithoutJavaScript />
    </Form>
  );
}
