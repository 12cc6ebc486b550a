import type { CallerContext } from "~/access/access.server";
import { getInvoice, type InvoiceDetails } from "~/models/invoices/invoices.server";
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

/** The company's invoice as GET invoices/{id} answers it, or null. */
export async function findInvoiceForApi(ctx: CallerContext, id: number) {
  const invoice = await getInvoice(ctx, id);
  return invoice && invoiceForApi(invoice);
}
