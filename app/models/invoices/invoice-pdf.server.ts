import { invoiceStatusLabels } from "~/models/invoices/invoices.schema";
import type { PublicInvoice } from "~/models/invoices/invoices.server";
import { basisPointsToPercent } from "~/models/line-items/money";
import { serviceAddress } from "~/models/messaging/message-values.server";
import { renderDocumentPdf } from "~/services/pdf/document-pdf.server";
import { dayjs, DATE_SHORT, formatMoney } from "~/utils/format";
import { formatPhone } from "~/utils/validation";

/** The invoice as a PDF: the same lines and totals, formatted as on the invoice page. */
export function invoicePdf(invoice: PublicInvoice): Promise<Buffer> {
  const date = (d: string) => dayjs(d).format(DATE_SHORT);
  return renderDocumentPdf({
    title: "Invoice",
    number: `#${invoice.number}`,
    company: { ...invoice.company, phone: invoice.company.phone ? formatPhone(invoice.company.phone) : null },
    billTo: {
      name: [invoice.customer.firstName, invoice.customer.lastName].filter(Boolean).join(" "),
      email: invoice.customer.email,
      address: serviceAddress(invoice.location, invoice.unitNumber) ?? null,
    },
    facts: [
      ["Issue date", date(invoice.issueDate)],
      ["Due date", date(invoice.dueDate)],
      ["Status", invoiceStatusLabels[invoice.status] ?? ""],
    ],
    lines: invoice.lines.map((l) => ({
      name: l.name,
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: formatMoney(l.unitPriceCents),
      amount: formatMoney(l.amountCents),
    })),
    totals: [
      ["Subtotal", formatMoney(invoice.subtotalCents)],
      ["Discount", `-${formatMoney(invoice.discountCents)}`],
      [`Tax (${basisPointsToPercent(invoice.taxRate)}%)`, formatMoney(invoice.taxCents)],
      ["Total", formatMoney(invoice.totalCents)],
      ["Paid", formatMoney(invoice.paidCents)],
      ["Balance due", formatMoney(invoice.balanceCents)],
    ],
    message: invoice.message,
  });
}
