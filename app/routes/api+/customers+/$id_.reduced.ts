import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound } from "~/http/api.server";
import { customerIdParam, requireCustomerPickerApi } from "~/models/customers/customers-api.server";
import { getReducedCustomer } from "~/models/customers/customers.server";

/** GET /api/customers/{id}/reduced: id, names, email, primary phone, company, text preference, billing address.
 * Every role: it is the job form's customer picker, and a field tech creates jobs too; a field tech gets the picking fields only (no email or phone). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerPickerApi(request);
  return json((await getReducedCustomer(ctx, customerIdParam(params.id))) ?? apiNotFound());
}
