import type { ChartPoint } from "~/components/charts";
import type { ReportGroup } from "~/models/reports/reports.schema";
import type { SalesBreakdownRow, SalesPeriodRow } from "~/models/reports/reports.server";
import { dayjs, formatMoney } from "~/utils/format";

/** Short names under the bars: "Nov 3" for a day or a week, "Nov 2026" for a month. */
export function periodChartPoints(
  rows: SalesPeriodRow[],
  group: ReportGroup,
  figure: "invoicedCents" | "collectedCents",
): ChartPoint[] {
  return rows.map((row) => ({
    label: dayjs(row.start).format(group === "month" ? "MMM YYYY" : "MMM D"),
    value: row[figure],
  }));
}

const sum = <Row,>(rows: Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);

/** Invoiced, tax and collected per period, with the range's totals. */
export function PeriodTable({ rows }: { rows: SalesPeriodRow[] }) {
  return (
    // On a phone each period is a card (label, value) rather than a table wider than the screen.
    <div className="table-wrap">
      <table className="table table-cards report-table">
        <caption className="visually-hidden">Sales by period</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col" className="num">
              Invoices
            </th>
            <th scope="col" className="num">
              Invoiced
            </th>
            <th scope="col" className="num">
              Tax
            </th>
            <th scope="col" className="num">
              Collected
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.start}>
              <th scope="row">{row.label}</th>
              <td className="num" data-label="Invoices">
                {row.invoiceCount}
              </td>
              <td className="num" data-label="Invoiced">
                {formatMoney(row.invoicedCents)}
              </td>
              <td className="num" data-label="Tax">
                {formatMoney(row.taxCents)}
              </td>
              <td className="num" data-label="Collected">
                {formatMoney(row.collectedCents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num" data-label="Invoices">
              {sum(rows, (r) => r.invoiceCount)}
            </td>
            <td className="num" data-label="Invoiced">
              {formatMoney(sum(rows, (r) => r.invoicedCents))}
            </td>
            <td className="num" data-label="Tax">
              {formatMoney(sum(rows, (r) => r.taxCents))}
            </td>
            <td className="num" data-label="Collected">
              {formatMoney(sum(rows, (r) => r.collectedCents))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * A breakdown's rows (employee, item, lead source, tag) with their invoices and sales. The total
 * row is left out where a row may count an invoice twice (tags, lead sources): it would not be the
 * company's sales.
 */
export function BreakdownTable({
  rows,
  nameTitle,
  amountTitle,
  caption,
  showTotal,
}: {
  rows: SalesBreakdownRow[];
  nameTitle: string;
  amountTitle: string;
  caption: string;
  showTotal: boolean;
}) {
  if (rows.length === 0) return <p className="empty">No sales in this range</p>;
  return (
    <div className="table-wrap">
      <table className="table report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameTitle}</th>
            <th scope="col" className="num">
              Invoices
            </th>
            <th scope="col" className="num">
              {amountTitle}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.id ?? "none"}-${row.name}-${i}`}>
              <th scope="row">{row.name}</th>
              <td className="num">{row.invoiceCount}</td>
              <td className="num">{formatMoney(row.salesCents)}</td>
            </tr>
          ))}
        </tbody>
        {showTotal ? (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num" />
              <td className="num">{formatMoney(sum(rows, (r) => r.salesCents))}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
