import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import {
  apiNotFound,
  pageResult,
  readPaging,
  readQuery,
  recordIdParam,
  requireApiAccess,
  type Paging,
} from "~/http/api.server";
import { customerExists } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

type CustomerTabPageQuery = { paging: Paging; query: Record<string, unknown> };
type ListCustomerTabPage<T> = (
  ctx: CallerContext,
  customerId: number,
  request: CustomerTabPageQuery,
) => Promise<{ items: T[]; total: number }>;

/**
 * One page of a customer profile tab (jobs, estimates, invoices): the tabs share the access rule,
 * the 404 for a customer of another company and the paging envelope; only the list differs.
 */
export async function loadCustomerTabPage<T>(
  { request, params, context }: LoaderFunctionArgs,
  listPage: ListCustomerTabPage<T>,
) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  const id = recordIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  const query = readQuery(request);
  const paging = readPaging(query);
  const page = await listPage(ctx, id, { paging, query });
  return json(pageResult(page.items, page.total, paging));
}
