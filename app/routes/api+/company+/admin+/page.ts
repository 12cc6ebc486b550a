import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companyFilterSchema, pageCompanies } from "~/models/admin/admin-panel.server";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccessFor } from "~/http/api.server";

/** GET /api/company/admin/page?pageNumber&pageSize&filter.priceId&filter.status&searchQuery (super admin). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/admin-panel");
  const query = readQuery(request);
  const paging = readPaging(query);
  const filter = parseOr400(companyFilterSchema, query.filter ?? {});
  const { items, total } = await pageCompanies(ctx, paging, filter, typeof query.searchQuery === "string" ? query.searchQuery : undefined);
  return json(pageResult(items, total, paging));
}
