import { parseOr400 } from "~/http/api.server";
import { recordPageLoader } from "~/http/company-record-api.server";
import { invoicePageFiltersSchema } from "~/models/invoices/invoices.schema";
import { listInvoicesPage } from "~/models/invoices/invoices.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/invoices/page?pageNumber&pageSize&sortSettings[0].fieldName&sortSettings[0].descending
 * &searchQuery&status (0, 1, 2, 5 or overdue) → {items, total, pageNumber, pageSize, totalIsCapped}.
 */
export const loader = recordPageLoader(
  screens.invoices.list,
  (query) => parseOr400(invoicePageFiltersSchema, query),
  listInvoicesPage,
);
