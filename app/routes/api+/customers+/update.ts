import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withRuleErrors } from "~/models/customers/customers-api.server";
import { customerIdSchema, customerInputSchema } from "~/models/customers/customers.schema";
import { updateCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** PUT /api/customers/update {id, customer fields}: addresses sent with their id are kept. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await readBody(request);
  const { id } = parseOr400(customerIdSchema, body);
  const input = parseOr400(customerInputSchema(company.country), body);
  return withRuleErrors(async () =>
    (await updateCustomer(ctx, id, input)) ? json({ customerId: id }) : apiNotFound(),
  );
}
