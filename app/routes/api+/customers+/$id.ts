import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/{id}: the whole customer with addresses, tags, lead sources and attachments. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  return json((await getCustomer(ctx, recordIdParam(params.id))) ?? apiNotFound());
}
