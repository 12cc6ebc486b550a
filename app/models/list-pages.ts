/**
 * The paging arithmetic every long list shares (docs/decisions/046). An unfiltered list knows its
 * total from the company's counter row first; a page in its second half is read from the far end:
 * the same sort index walked the other way with the mirrored offset, then reversed, so no page
 * skips more than half the list. Ties break on the id and the default null placement mirrors
 * itself, so both walks give the same rows.
 */
export type ScanWindow = {
  /** Walk the index backward (and reverse the rows read). */
  fromEnd: boolean;
  limit: number;
  offset: number;
};

export function scanWindow(offset: number, pageSize: number, knownTotal: number | null): ScanWindow {
  if (knownTotal === null || offset >= knownTotal || offset * 2 <= knownTotal)
    return { fromEnd: false, limit: pageSize, offset };
  const limit = Math.min(pageSize, knownTotal - offset);
  return { fromEnd: true, limit, offset: knownTotal - offset - limit };
}

/**
 * A page's total: the known one (the counter), else the last page of a filtered list tells it
 * without counting, else the hits counted up to `cap` (then totalIsCapped).
 */
export async function pageTotal(input: {
  knownTotal: number | null;
  offset: number;
  pageSize: number;
  rowCount: number;
  hits: () => Promise<number>;
  cap: number;
}): Promise<{ total: number; totalIsCapped: boolean }> {
  const { knownTotal, offset, pageSize, rowCount, cap } = input;
  if (knownTotal !== null) return { total: knownTotal, totalIsCapped: false };
  if (rowCount < pageSize && (rowCount > 0 || offset === 0)) return { total: offset + rowCount, totalIsCapped: false };
  const hits = await input.hits();
  return { total: Math.min(hits, cap), totalIsCapped: hits > cap };
}
