import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { readQuery } from "~/http/api.server";
import { requireCustomerPickerApi } from "~/models/customers/customers-api.server";
import { searchCustomers } from "~/models/customers/customers.server";

/** GET /api/customers/search?searchQuery → up to 20 customers {id, firstName, lastName, email, mainPhoneNumber, billingAddress}.
 * Every role: it is the job form's customer picker, and a field tech creates jobs too; a field tech gets the picking fields only (no email or phone). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerPickerApi(request);
  const { searchQuery } = readQuery(request);
  return json(await searchCustomers(ctx, typeof searchQuery === "string" ? searchQuery : ""));
}
