import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess, searchQuerySchema } from "~/http/api.server";
import { searchCustomers } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/search?searchQuery → up to 20 customers {id, firstName, lastName, email, mainPhoneNumber, billingAddress}.
 * Every role: it is the job form's customer picker, and a field tech creates jobs too; a field tech gets the picking fields only (no email or phone). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const { searchQuery } = parseOr400(searchQuerySchema, readQuery(request));
  return json(await searchCustomers(ctx, searchQuery ?? ""));
}
