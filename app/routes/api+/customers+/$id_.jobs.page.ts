import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, idList, pageResult, parseOr400, readPaging, readQuery } from "~/http/api.server";
import { customerIdParam, requireCustomerApi } from "~/models/customers/customers-api.server";
import { customerExists } from "~/models/customers/customers.server";
import { listCustomerJobsPage } from "~/models/jobs/jobs.server";

const filtersSchema = z.object({ searchQuery: z.string().max(200).optional(), tags: idList });

/** GET /api/customers/{id}/jobs/page?pageNumber&pageSize&sortSettings&searchQuery&tags[0] → {items, total, pageNumber, pageSize}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  const id = customerIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  const query = readQuery(request);
  const paging = readPaging(query);
  const { searchQuery, tags } = parseOr400(filtersSchema, query);
  const page = await listCustomerJobsPage(ctx, id, { paging, searchQuery, tags });
  return json(pageResult(page.items, page.total, paging));
}
