import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload, parseOr400, readQuery, requireApiAccess, searchQuerySchema } from "~/http/api.server";
import { exportExpensesCsv } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/** GET /api/expenses/export-csv {searchQuery}: the company's expenses (as the list searches them) as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const { searchQuery } = parseOr400(searchQuerySchema, readQuery(request));
  return csvDownload(await exportExpensesCsv(ctx, searchQuery?.slice(0, 200)), "expenses.csv");
}
