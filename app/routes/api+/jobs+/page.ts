import { parseOr400 } from "~/http/api.server";
import { recordPageLoader } from "~/http/company-record-api.server";
import { jobsPageFiltersSchema } from "~/models/jobs/jobs-api.schema";
import { listJobsPage } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/jobs/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending&tags[0]
 * &searchQuery&type → {items, total, pageNumber, pageSize, totalIsCapped}. type filters by job status.
 */
export const loader = recordPageLoader(
  screens.jobs.list,
  (query) => parseOr400(jobsPageFiltersSchema, query),
  listJobsPage,
);
