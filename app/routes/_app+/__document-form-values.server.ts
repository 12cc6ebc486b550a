import { dollarsInput } from "~/models/line-items/money";

/** A stored line item (job, estimate option, invoice) as the form posts it back: strings, "on" for a checkbox. */
export function lineItemFormValues(line: {
  name: string;
  description: string | null;
  quantity: number;
  unitPriceCents: number;
  costCents?: number;
  isTaxable: boolean;
  kind: number;
  priceListItemId: number | null;
}): Record<string, string> {
  return {
    name: line.name,
    description: line.description ?? "",
    quantity: String(line.quantity),
    unitPrice: dollarsInput(line.unitPriceCents),
    // A field tech's lines come without costs: no cost field rather than an empty one.
    ...(line.costCents === undefined ? {} : { cost: dollarsInput(line.costCents) }),
    isTaxable: line.isTaxable ? "on" : "",
    kind: String(line.kind),
    priceListItemId: line.priceListItemId ? String(line.priceListItemId) : "",
  };
}

/** The fields a job and an estimate share (edit): property, title, texts, tax, discount and tags. */
export function jobOrEstimateFormValues(record: {
  customerAddressId: number | null;
  name: string | null;
  description: string | null;
  privateNotes: string | null;
  message: string | null;
  taxRate: number;
  discountCents: number;
  tags: { id: number }[];
}) {
  return {
    customerAddressId: record.customerAddressId ?? "",
    name: record.name ?? "",
    description: record.description ?? "",
    privateNotes: record.privateNotes ?? "",
    message: record.message ?? "",
    taxRate: String(record.taxRate / 100),
    discount: dollarsInput(record.discountCents),
    tags: record.tags.map((t) => String(t.id)),
  };
}
