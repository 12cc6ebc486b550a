import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { checkPhoneSchema } from "~/models/customers/customers.schema";
import { checkCustomerPhone } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** POST /api/customers/check-phone-number {phoneNumber, customerId?} → {isTaken, takenBy} within the caller's company. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "POST") return methodNotAllowed();
  const { phoneNumber, customerId } = parseOr400(checkPhoneSchema, await readBody(request));
  return json(await checkCustomerPhone(ctx, phoneNumber, company.country, customerId));
}
