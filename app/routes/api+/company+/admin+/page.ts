import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companyPageQuerySchema, pageCompanies } from "~/models/admin/admin-panel.server";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/company/admin/page?pageNumber&pageSize&filter.priceId&filter.status&searchQuery (super admin). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.adminPanel.companies);
  const query = readQuery(request);
  const paging = readPaging(query);
  const { filter, searchQuery } = parseOr400(companyPageQuerySchema, query);
  const { items, total } = await pageCompanies(ctx, paging, filter, searchQuery);
  return json(pageResult(items, total, paging));
}
