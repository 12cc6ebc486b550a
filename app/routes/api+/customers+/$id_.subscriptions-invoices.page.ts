import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400 } from "~/http/api.server";
import { searchQuerySchema } from "~/http/query-schemas";
import { listCustomerPlanInvoicesPage } from "~/models/service-plans/plan-invoices.server";
import { loadCustomerTabPage } from "./__customer-tab-page.server";

/** GET /api/customers/{id}/subscriptions-invoices/page?pageNumber&pageSize&sortSettings&searchQuery: the invoices of the customer's service plans → {items, total, pageNumber, pageSize}. */
export const loader = (args: LoaderFunctionArgs) =>
  loadCustomerTabPage(args, (ctx, customerId, { paging, query }) =>
    listCustomerPlanInvoicesPage(ctx, customerId, { paging, ...parseOr400(searchQuerySchema, query) }),
  );
