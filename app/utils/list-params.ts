/** Page sizes offered by every table. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type ListParams = {
  page: number;
  pageSize: number;
  sort: { fieldName: string; descending: boolean } | null;
  search: string;
};

/**
 * Reads a table's state from the URL (page, pageSize, sort, order, q), so every list can be
 * bookmarked and works through plain links. Unknown sort fields are ignored.
 */
export function readListParams(url: URL | string, sortable: readonly string[] = []): ListParams {
  const params = (typeof url === "string" ? new URL(url, "http://x") : url).searchParams;
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const size = Number(params.get("pageSize"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 10;
  const field = params.get("sort");
  const sort =
    field && sortable.includes(field) ? { fieldName: field, descending: params.get("order") === "desc" } : null;
  return { page, pageSize, sort, search: (params.get("q") ?? "").trim().slice(0, 200) };
}

/** The next sort state of a column: none → ascending → descending → none. */
export function nextSort(current: ListParams["sort"], fieldName: string): ListParams["sort"] {
  if (!current || current.fieldName !== fieldName) return { fieldName, descending: false };
  if (!current.descending) return { fieldName, descending: true };
  return null;
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The ids a list filters by (?tag=1&tag=2): positive whole numbers, each once, at most 50. */
export function readIds(url: URL, name: string): number[] {
  const ids = url.searchParams.getAll(name).map(Number);
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 50);
}
