import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { employeeCheckPhoneSchema } from "~/models/employees/employees.schema";
import { checkEmployeePhone } from "~/models/employees/employees.server";
import { screens } from "~/access/route-table";

/** POST /api/employees/check-phone-number {phoneNumber, employeeId?} → {isTaken, takenBy}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.employees.list);
  if (request.method !== "POST") return methodNotAllowed();
  const { phoneNumber, employeeId } = parseOr400(employeeCheckPhoneSchema, await readBody(request));
  const { isTaken, takenBy } = await checkEmployeePhone(ctx, phoneNumber, company.country, employeeId);
  return json({ isTaken, takenBy });
}
