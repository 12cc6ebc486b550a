import { parseOr400 } from "~/http/api.server";
import { recordPageLoader } from "~/http/company-record-api.server";
import { estimatesPageFiltersSchema } from "~/models/estimates/estimates.schema";
import { listEstimatesPage } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/estimates/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending&tags[0]
 * &excludeTags[0]&searchQuery&status → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export const loader = recordPageLoader(
  screens.estimates.list,
  (query) => parseOr400(estimatesPageFiltersSchema, query),
  listEstimatesPage,
);
