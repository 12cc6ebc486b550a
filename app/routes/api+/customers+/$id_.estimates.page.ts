import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, readPaging, readQuery, recordIdParam, requireApiAccess } from "~/http/api.server";
import { emptyCustomerTabPage } from "~/models/customers/customer-tabs.server";
import { customerExists } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/{id}/estimates/page?pageNumber&pageSize&searchQuery: empty until the estimates area is built (see customer-tabs.server.ts). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  const id = recordIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  return json(emptyCustomerTabPage(readPaging(readQuery(request))));
}
