import type { ReactNode } from "react";
import { LineItemName, LineItemsTable } from "~/components/line-items-table";

type PublicLine = { name: string; description: string | null; quantity: string | number; amount: string };

/**
 * The line items of a customer's invoice or visit page, with subtotal, discount and tax; each page
 * adds its own closing totals. Server-rendered only: those pages ship no JavaScript.
 */
export function PublicLineItems({
  lines,
  subtotal,
  discount,
  tax,
  closingTotals,
}: {
  lines: PublicLine[];
  subtotal: string;
  discount: string | null;
  tax: string;
  closingTotals: { label: string; value: ReactNode }[];
}) {
  return (
    <LineItemsTable
      columns={["Item", "Qty", "Amount"]}
      rows={lines.map((l, i) => ({
        key: i,
        item: <LineItemName name={l.name} description={l.description} />,
        cells: [l.quantity, l.amount],
      }))}
      totals={[
        { label: "Subtotal", value: subtotal },
        ...(discount ? [{ label: "Discount", value: `-${discount}` }] : []),
        { label: "Tax", value: tax },
        ...closingTotals,
      ]}
    />
  );
}
