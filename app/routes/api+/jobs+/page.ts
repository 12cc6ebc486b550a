import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { jobsPageFiltersSchema } from "~/models/jobs/jobs-api.schema";
import { listJobsPage } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/jobs/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending&tags[0]
 * &searchQuery&type → {items, total, pageNumber, pageSize, totalIsCapped}. type filters by job status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(jobsPageFiltersSchema, query);
  const page = await listJobsPage(ctx, { paging, ...filters });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
