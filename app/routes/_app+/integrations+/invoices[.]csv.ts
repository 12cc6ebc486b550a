import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { csvDownload } from "~/http/api.server";
import { invoicesCsv } from "~/models/accounting-export/accounting-csv.server";
import { readExportRange } from "./__accounting-export.server";

/** GET /integrations/invoices.csv?from&to: the invoices issued in the range, for accounting tools. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.accountingExport.invoicesCsv);
  const range = readExportRange(new URL(request.url), company.timezone);
  return csvDownload(invoicesCsv(ctx, range), `invoices-${range.from}-${range.to}.csv`);
}
