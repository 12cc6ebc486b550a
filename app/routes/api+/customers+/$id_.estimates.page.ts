import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, readPaging, readQuery } from "~/http/api.server";
import { emptyCustomerTabPage } from "~/models/customers/customer-tabs.server";
import { customerIdParam, requireCustomerApi } from "~/models/customers/customers-api.server";
import { customerExists } from "~/models/customers/customers.server";

/** GET /api/customers/{id}/estimates/page?pageNumber&pageSize&searchQuery: empty until the estimates area is built (see customer-tabs.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  const id = customerIdParam(params.id);
  if (!(await customerExists(ctx, id))) return apiNotFound();
  return json(emptyCustomerTabPage(readPaging(readQuery(request))));
}
