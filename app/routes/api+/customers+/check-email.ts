import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody } from "~/http/api.server";
import { methodNotAllowed, requireCustomerApi } from "~/models/customers/customers-api.server";
import { checkEmailSchema } from "~/models/customers/customers.schema";
import { checkCustomerEmail } from "~/models/customers/customers.server";

/** POST /api/customers/check-email {email, customerId?} → {isTaken, takenBy} within the caller's company. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  if (request.method !== "POST") return methodNotAllowed();
  const { email, customerId } = parseOr400(checkEmailSchema, await readBody(request));
  return json(await checkCustomerEmail(ctx, email, customerId));
}
