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

/** The action's answer that brings a document form back: the posted values and the field errors. */
export type DocumentFormAnswer<V> = { values: V; errors: Record<string, string> };

/**
 * The post of a document form (job, estimate, invoice; new and edit): another intent than save (a
 * line or an option added or removed) answers with the form, nothing saved; a save runs `save`,
 * where a business rule's refusal comes back like a validation error (`refusal`; null for an error
 * that is not a refusal).
 */
export async function documentFormAction<V>(
  { intent, values }: { intent: string; values: V },
  handlers: {
    onIntent: (values: V, intent: string) => Promise<Response>;
    save: (values: V) => Promise<Response>;
    refusal: (error: unknown, values: V) => Response | null;
  },
): Promise<Response> {
  if (intent !== "save") return handlers.onIntent(values, intent);
  try {
    return await handlers.save(values);
  } catch (error) {
    const refused = handlers.refusal(error, values);
    if (refused) return refused;
    throw error;
  }
}
