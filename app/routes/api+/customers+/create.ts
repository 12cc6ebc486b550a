import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { methodNotAllowed, withRuleErrors } from "~/models/customers/customers-api.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { createCustomer } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** POST /api/customers/create {customer fields} → {customerId}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(customerInputSchema(company.country), await readBody(request));
  return withRuleErrors(async () => json({ customerId: await createCustomer(ctx, input) }, { status: 201 }));
}
