import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, searchQuerySchema, requireApiAccess } from "~/http/api.server";
import { pageEmployees } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** GET /api/employees/page?pageNumber&pageSize&sortSettings[0].fieldName&searchQuery → {items, total, pageNumber, pageSize}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.employees.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const { searchQuery } = parseOr400(searchQuerySchema, query);
  const { items, total } = await pageEmployees(ctx, paging, searchQuery);
  return json(pageResult(items, total, paging));
}
