import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { invoicePageFiltersSchema } from "~/models/invoices/invoices.schema";
import { listInvoicesPage } from "~/models/invoices/invoices.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/invoices/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending
 * &searchQuery&status (0, 1, 2, 5 or overdue) → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.invoices.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(invoicePageFiltersSchema, query);
  const page = await listInvoicesPage(ctx, { paging, ...filters });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
