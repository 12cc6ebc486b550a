import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  apiNotFound,
  pageResult,
  parseOr400,
  readPaging,
  readQuery,
  recordIdParam,
  requireApiAccess,
} from "~/http/api.server";
import { customerJobsPageFiltersSchema } from "~/models/customers/customers.schema";
import { customerExists } from "~/models/customers/customers.server";
import { listCustomerEstimatesPage } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/{id}/estimates/page?pageNumber&pageSize&sortSettings&searchQuery&tags[0] → {items, total, pageNumber, pageSize}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  const id = recordIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  const query = readQuery(request);
  const paging = readPaging(query);
  const { searchQuery, tags } = parseOr400(customerJobsPageFiltersSchema, query);
  const page = await listCustomerEstimatesPage(ctx, id, { paging, searchQuery, tags });
  return json(pageResult(page.items, page.total, paging));
}
