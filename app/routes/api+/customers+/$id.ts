import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound } from "~/http/api.server";
import { customerIdParam, requireCustomerApi } from "~/models/customers/customers-api.server";
import { getCustomer } from "~/models/customers/customers.server";

/** GET /api/customers/{id}: the whole customer with addresses, tags, lead sources and attachments. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  return json((await getCustomer(ctx, customerIdParam(params.id))) ?? apiNotFound());
}
