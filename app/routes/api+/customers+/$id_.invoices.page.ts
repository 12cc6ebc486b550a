import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400 } from "~/http/api.server";
import { invoicePageFiltersSchema } from "~/models/invoices/invoices.schema";
import { listCustomerInvoicesPage } from "~/models/invoices/invoices.server";
import { loadCustomerTabPage } from "./__customer-tab-page.server";

/** GET /api/customers/{id}/invoices/page?pageNumber&pageSize&sortSettings&searchQuery&status → {items, total, pageNumber, pageSize}. */
export const loader = (args: LoaderFunctionArgs) =>
  loadCustomerTabPage(args, (ctx, customerId, { paging, query }) =>
    listCustomerInvoicesPage(ctx, customerId, { paging, ...parseOr400(invoicePageFiltersSchema, query) }),
  );
