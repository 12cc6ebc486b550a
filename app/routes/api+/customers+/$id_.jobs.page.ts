import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400 } from "~/http/api.server";
import { customerJobsPageFiltersSchema } from "~/models/customers/customers.schema";
import { listCustomerJobsPage } from "~/models/jobs/jobs.server";
import { loadCustomerTabPage } from "./__customer-tab-page.server";

/** GET /api/customers/{id}/jobs/page?pageNumber&pageSize&sortSettings&searchQuery&tags[0] → {items, total, pageNumber, pageSize}. */
export const loader = (args: LoaderFunctionArgs) =>
  loadCustomerTabPage(args, (ctx, customerId, { paging, query }) => {
    const { searchQuery, tags } = parseOr400(customerJobsPageFiltersSchema, query);
    return listCustomerJobsPage(ctx, customerId, { paging, searchQuery, tags });
  });
