import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { csvDownload } from "~/http/api.server";
import { paymentsCsv } from "~/models/accounting-export/accounting-csv.server";
import { readExportRange } from "./__accounting-export.server";

/** GET /integrations/payments.csv?from&to: the payments received in the range, for accounting tools. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.accountingExport.paymentsCsv);
  const range = readExportRange(new URL(request.url), company.timezone);
  return csvDownload(paymentsCsv(ctx, range, company.timezone), `payments-${range.from}-${range.to}.csv`);
}
