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
import { customerExists } from "~/models/customers/customers.server";
import { invoicePageFiltersSchema } from "~/models/invoices/invoices.schema";
import { listCustomerInvoicesPage } from "~/models/invoices/invoices.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/{id}/invoices/page?pageNumber&pageSize&sortSettings&searchQuery&status → {items, total, pageNumber, pageSize}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  const id = recordIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  const query = readQuery(request);
  const paging = readPaging(query);
  const filters = parseOr400(invoicePageFiltersSchema, query);
  const page = await listCustomerInvoicesPage(ctx, id, { paging, ...filters });
  return json(pageResult(page.items, page.total, paging));
}
