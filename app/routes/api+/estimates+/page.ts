import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { estimatesPageFiltersSchema } from "~/models/estimates/estimates.schema";
import { listEstimatesPage } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/estimates/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending&tags[0]
 * &excludeTags[0]&searchQuery&status → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(estimatesPageFiltersSchema, query);
  const page = await listEstimatesPage(ctx, { paging, ...filters });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
