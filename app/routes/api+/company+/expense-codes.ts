import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { expenseCodeUpdateSchema } from "~/models/company/company.schema";
import { listExpenseCodes, saveExpenseCode, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/expense-codes → {data: [...]}, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.expenseCodes);
  return json({ data: await listExpenseCodes(ctx) });
}

/** PUT /api/company/expense-codes {id, ...}: updates one expense code. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.settings.expenseCodes);
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(expenseCodeUpdateSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveExpenseCode(ctx, input)) ?? apiNotFound() }));
}
