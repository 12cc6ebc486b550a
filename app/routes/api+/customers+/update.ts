import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody } from "~/http/api.server";
import { methodNotAllowed, requireCustomerApi, withRuleErrors } from "~/models/customers/customers-api.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { updateCustomer } from "~/models/customers/customers.server";

const idSchema = z.object({ id: z.coerce.number({ invalid_type_error: "Id is required" }).int().positive("Id is required") });

/** PUT /api/customers/update {id, customer fields}: addresses sent with their id are kept. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx, company } = await requireCustomerApi(request);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await readBody(request);
  const { id } = parseOr400(idSchema, body);
  const input = parseOr400(customerInputSchema(company.country), body);
  return withRuleErrors(async () => ((await updateCustomer(ctx, id, input)) ? json({ customerId: id }) : apiNotFound()));
}
