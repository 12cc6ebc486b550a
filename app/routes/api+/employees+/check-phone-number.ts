import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { checkPhoneNumberSchema } from "~/models/employees/employees.schema";
import { checkEmployeePhone } from "~/models/employees/employees.server";

const bodySchema = checkPhoneNumberSchema.extend({ employeeId: z.coerce.number().int().positive().optional() });

/** POST /api/employees/check-phone-number {phoneNumber, employeeId?} → {isTaken, takenBy}. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccessFor(request, "/employees");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const { phoneNumber, employeeId } = parseOr400(bodySchema, await readBody(request));
  const { isTaken, takenBy } = await checkEmployeePhone(ctx, phoneNumber, company.country, employeeId);
  return json({ isTaken, takenBy });
}
