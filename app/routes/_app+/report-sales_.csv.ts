import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { csvDownload } from "~/http/api.server";
import { readReportFilters } from "~/models/reports/reports.schema";
import { salesReportCsv } from "~/models/reports/reports.server";
import { dayjs } from "~/utils/format";

const fileNames = {
  period: "sales-by-period",
  employee: "sales-by-employee",
  item: "sales-by-item",
  leadSource: "sales-by-lead-source",
  tag: "sales-by-customer-tag",
} as const;

/** GET /report-sales/csv?from&to&group&by: the table of a sales report tab as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.reports.salesCsv);
  const today = dayjs().tz(company.timezone).format("YYYY-MM-DD");
  const { filters } = readReportFilters(new URL(request.url), today);
  return csvDownload(await salesReportCsv(ctx, filters), `${fileNames[filters.by]}-${filters.from}-${filters.to}.csv`);
}
