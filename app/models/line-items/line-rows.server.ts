import type { LineItemInput } from "~/models/line-items/line-items.schema";

/**
 * The columns every stored line has (job, estimate option and invoice lines), from the lines a form
 * or the API sent; the caller adds what the line belongs to. `imageOf` checks each line's image
 * with the caller's own rule and message.
 */
export function lineItemColumns(
  companyId: number,
  lines: LineItemInput[],
  amounts: number[],
  imageOf: (imageUrl: LineItemInput["imageUrl"], position: number) => string | null,
) {
  return lines.map((l, position) => ({
    companyId,
    kind: l.kind,
    name: l.name,
    description: l.description ?? null,
    quantity: String(l.quantity),
    unitPriceCents: l.unitPrice,
    costCents: l.cost,
    isTaxable: l.isTaxable,
    imageUrl: imageOf(l.imageUrl, position),
    priceListItemId: l.priceListItemId ?? null,
    amountCents: amounts[position],
    position,
  }));
}

/** A stored line's columns, as the input of the cost and totals rules; shared by job, estimate option and invoice lines. */
export type StoredLine = {
  kind: LineItemInput["kind"];
  name: string;
  description: string | null;
  quantity: string;
  unitPriceCents: number;
  costCents: number;
  isTaxable: boolean;
  imageUrl: string | null;
  priceListItemId: number | null;
};

/** A stored line back as a line input (the inverse of lineItemColumns), for recomputing totals or copying lines. */
export const lineInputOf = (l: StoredLine): LineItemInput => ({
  kind: l.kind,
  name: l.name,
  description: l.description ?? undefined,
  quantity: Number(l.quantity),
  unitPrice: l.unitPriceCents,
  cost: l.costCents,
  isTaxable: l.isTaxable,
  imageUrl: l.imageUrl ?? undefined,
  priceListItemId: l.priceListItemId ?? undefined,
});

/** A stored line as the API answers it: money in dollars, as POST and PUT take it. */
export const lineItemJson = <Q extends number | string>(
  l: Omit<StoredLine, "quantity"> & { id: number; quantity: Q },
) => ({
  id: l.id,
  kind: l.kind,
  name: l.name,
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unitPriceCents / 100,
  cost: l.costCents / 100,
  isTaxable: l.isTaxable,
  imageUrl: l.imageUrl,
  priceListItemId: l.priceListItemId,
});
