import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, requireSignedInApi } from "~/models/api.server";
import { customerIdParam } from "~/models/customers-api.server";
import { getReducedCustomer } from "~/models/customers.server";

/** GET /api/customers/{id}/reduced: id, names, email, primary phone, company, text preference, billing address.
 * Every role: it is the job form's customer picker, and a field tech creates jobs too. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireSignedInApi(request);
  return json((await getReducedCustomer(ctx, customerIdParam(params.id))) ?? apiNotFound());
}
