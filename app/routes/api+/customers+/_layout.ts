import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed } from "~/models/customers/customers-api.server";
import { customerIdSchema } from "~/models/customers/customers.schema";
import { deleteCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** DELETE /api/customers?id={id}: deletes a customer of the caller's company. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "DELETE") return methodNotAllowed();
  const { id } = parseOr400(customerIdSchema, readQuery(request));
  if (!(await deleteCustomer(ctx, id))) return apiNotFound();
  return json({ id });
}
