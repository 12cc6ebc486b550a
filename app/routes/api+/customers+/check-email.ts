import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { checkEmailSchema } from "~/models/customers/customers.schema";
import { checkCustomerEmail } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** POST /api/customers/check-email {email, customerId?} → {isTaken, takenBy} within the caller's company. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "POST") return methodNotAllowed();
  const { email, customerId } = parseOr400(checkEmailSchema, await readBody(request));
  return json(await checkCustomerEmail(ctx, email, customerId));
}
