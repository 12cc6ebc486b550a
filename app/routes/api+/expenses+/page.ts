import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess, searchQuerySchema } from "~/http/api.server";
import { expenseJson, pageExpenses } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/expenses/page {paging, searchQuery} → {data: {items, total, pageNumber, pageSize,
 * totalAmount, totalAmountCents}}: the sums are of every expense the search finds, not the page.
 * Sort fields: date (default, newest first), amount, expenseCode, employee.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const raw = readQuery(request);
  const { searchQuery } = parseOr400(searchQuerySchema, raw);
  const paging = readPaging(raw);
  const page = await pageExpenses(ctx, {
    search: searchQuery?.slice(0, 200),
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    sort: paging.sortSettings[0] ?? null,
  });
  return json({
    data: {
      ...pageResult(page.items.map(expenseJson), page.total, paging),
      totalAmount: page.totalCents / 100,
      totalAmountCents: page.totalCents,
    },
  });
}
