import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readQuery } from "~/http/api.server";
import { methodNotAllowed, requireCustomerApi } from "~/models/customers/customers-api.server";
import { deleteCustomer } from "~/models/customers/customers.server";

const deleteQuery = z.object({ id: z.coerce.number({ invalid_type_error: "Id is required" }).int().positive("Id is required") });

/** DELETE /api/customers?id={id}: deletes a customer of the caller's company. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  if (request.method !== "DELETE") return methodNotAllowed();
  const { id } = parseOr400(deleteQuery, readQuery(request));
  if (!(await deleteCustomer(ctx, id))) return apiNotFound();
  return json({ id });
}
