import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idList, pageResult, parseOr400, readPaging, readQuery } from "~/http/api.server";
import { requireJobsApi } from "~/models/jobs/jobs-api.server";
import { listJobsPage } from "~/models/jobs/jobs.server";

const filtersSchema = z.object({
  searchQuery: z.string().max(200).optional(),
  tags: idList,
  type: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(7).optional()),
});

/**
 * GET /api/jobs/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending&tags[0]
 * &searchQuery&type → {items, total, pageNumber, pageSize, totalIsCapped}. type filters by job status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(filtersSchema, query);
  const page = await listJobsPage(ctx, { paging, ...filters });
  return json({ ...pageResult(page.items, page.total, paging), totalIsCapped: page.totalIsCapped });
}
