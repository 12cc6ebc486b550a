import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getReducedCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/{id}/reduced: id, names, email, primary phone, company, text preference, billing address.
 * Every role: it is the job form's customer picker, and a field tech creates jobs too; a field tech gets the picking fields only (no email or phone). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  return json((await getReducedCustomer(ctx, recordIdParam(params.id))) ?? apiNotFound());
}
