import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { findInvoiceRow, publicInvoiceById } from "~/models/invoices/invoices.server";
import { invoicePdf } from "~/models/invoices/invoice-pdf.server";
import { pdfResponse } from "~/services/pdf/document-pdf.server";
import { db } from "~/db.server";
import { screens } from "~/access/route-table";

/** GET /api/invoices/{id}/pdf → the invoice as application/pdf (inline), the numbers of the invoice page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.invoices.list);
  const row = await findInvoiceRow(db, ctx.companyId, recordIdParam(params.id));
  const invoice = row ? await publicInvoiceById(row.id) : null;
  if (!invoice) return apiNotFound();
  return pdfResponse(await invoicePdf(invoice), `invoice-${invoice.number}.pdf`);
}
