import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { expenseCodeSchema } from "~/models/company/company.schema";
import { saveExpenseCode, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** POST /api/company/expense-code: creates a expense code. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.expenseCodes);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(expenseCodeSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: await saveExpenseCode(ctx, input) }, { status: 201 }));
}
