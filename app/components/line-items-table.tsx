import type { ReactNode } from "react";

/** A stored line of a document (job, estimate option) as its details page shows it. */
export type DocumentLine = {
  id: number;
  kind: number;
  name: string;
  description: string | null;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  isTaxable: boolean;
};

/**
 * The line items of a job with their totals: the job page and the customer's visit page (that
 * one has no client JavaScript, so this stays a plain server-rendered table).
 */
export function LineItemsTable({
  columns,
  rows,
  totals,
}: {
  /** The column headers; the first is the item. */
  columns: string[];
  rows: { key: string | number; item: ReactNode; cells: ReactNode[] }[];
  totals: { label: string; value: ReactNode }[];
}) {
  return (
    <table>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>No items</td>
          </tr>
        ) : null}
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.item}</td>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((t) => (
          <tr key={t.label}>
            <th scope="row" colSpan={columns.length - 1}>
              {t.label}
            </th>
            <td>{t.value}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** A line's name with its description under it. */
export function LineItemName({
  name,
  note,
  description,
}: {
  name: string;
  note?: ReactNode;
  description?: string | null;
}) {
  return (
    <>
      {name}
      {note}
      {description ? <div className="muted">{description}</div> : null}
    </>
  );
}
