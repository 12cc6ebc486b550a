import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody } from "~/http/api.server";
import { methodNotAllowed, requireCustomerApi } from "~/models/customers/customers-api.server";
import { checkPhoneSchema } from "~/models/customers/customers.schema";
import { checkCustomerPhone } from "~/models/customers/customers.server";

/** POST /api/customers/check-phone-number {phoneNumber, customerId?} → {isTaken, takenBy} within the caller's company. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx, company } = await requireCustomerApi(request);
  if (request.method !== "POST") return methodNotAllowed();
  const { phoneNumber, customerId } = parseOr400(checkPhoneSchema, await readBody(request));
  return json(await checkCustomerPhone(ctx, phoneNumber, company.country, customerId));
}
