import { z } from "zod";
import { checkbox, messages } from "~/utils/validation";
import { moneyField, requiredMoneyField } from "~/models/line-items/money";
import type { TotalsLine } from "~/models/line-items/totals";

/** Line kinds (DECISIONS.md: listed order from 0): material 0, service 1. */
export const LineItemKind = { Material: 0, Service: 1 } as const;
export const lineItemKindLabels: Record<number, string> = { 0: "Material", 1: "Service" };

export const LINE_NAME_MAX = 255;
export const LINE_DESCRIPTION_MAX = 5000;
export const LINE_QUANTITY_MAX = 1_000_000;
/** Lines one document may carry. */
export const LINE_ITEMS_MAX = 200;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Quantity as typed (commas separate thousands); blank is 1; kept to 3 decimals. */
const quantityField = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? 1 : typeof v === "string" ? Number(v.replace(/,/g, "")) : v),
  z
    .number({ invalid_type_error: "Quantity must be a number" })
    .refine((n) => Number.isFinite(n), "Quantity must be a number")
    .refine((n) => n > 0, "Quantity must be greater than 0")
    .refine((n) => n <= LINE_QUANTITY_MAX, "Quantity is too large")
    .transform((n) => Math.round(n * 1000) / 1000),
);

/** A line item (spec: valid only with a non-empty trimmed name and a unitPrice, 0 allowed). Money in dollars, kept in cents. */
export const lineItemSchema = z.object({
  kind: z.preprocess(blank, z.coerce.number().int().min(0).max(1).default(1)),
  name: z
    .string({ required_error: messages.required("Name"), invalid_type_error: messages.required("Name") })
    .trim()
    .min(1, messages.required("Name"))
    .max(LINE_NAME_MAX, messages.max("Name", LINE_NAME_MAX)),
  description: z.preprocess(
    blank,
    z.string().trim().max(LINE_DESCRIPTION_MAX, messages.max("Description", LINE_DESCRIPTION_MAX)).optional(),
  ),
  quantity: quantityField,
  unitPrice: requiredMoneyField("Unit price"),
  cost: moneyField("Cost").transform((v) => v ?? 0),
  isTaxable: checkbox(),
  imageUrl: z.preprocess(blank, z.string().max(2000).optional()),
  priceListItemId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
});
export type LineItemInput = z.infer<typeof lineItemSchema>;

/** The lines of one document. */
export const lineItemsSchema = z.array(lineItemSchema).max(LINE_ITEMS_MAX);

/** What the totals read of a validated line. */
export const totalsLine = (line: Pick<LineItemInput, "quantity" | "unitPrice" | "isTaxable">): TotalsLine => ({
  quantity: line.quantity,
  unitPriceCents: line.unitPrice,
  isTaxable: line.isTaxable,
});
