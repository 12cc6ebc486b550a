import type { InvoiceDetails } from "~/models/invoices/invoices.server";
import { basisPointsToPercent, centsToDollars } from "~/models/line-items/money";

/** An invoice as the API answers it: stored cents (*Cents), plus the form fields in the API's dollars and percent. */
export function invoiceForApi(invoice: InvoiceDetails) {
  return {
    ...invoice,
    taxRate: basisPointsToPercent(invoice.taxRate),
    discount: centsToDollars(invoice.discountCents),
    lineItems: invoice.lineItems.map((l) => ({
      ...l,
      unitPrice: centsToDollars(l.unitPriceCents),
      cost: centsToDollars(l.costCents),
    })),
  };
}
