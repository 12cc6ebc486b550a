import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { expenseCodeSchema } from "~/models/company/company.schema";
import { saveExpenseCode, withCompanyRuleErrors } from "~/models/company/company.server";

/** POST /api/company/expense-code: creates a expense code. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/settings/expense-codes");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(expenseCodeSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: await saveExpenseCode(ctx, input) }, { status: 201 }));
}
