import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { customersPageFiltersSchema } from "~/models/customers/customers.schema";
import { listCustomersPage } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/customers/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending
 * &tagIds[0]&excludeTagIds[0]&searchQuery → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(customersPageFiltersSchema, query);
  const sort = paging.sortSettings[0];
  const page = await listCustomersPage(ctx, {
    ...paging,
    ...filters,
    sortField: sort?.fieldName,
    descending: sort?.descending,
  });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
