import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { expenseCodeSchema, withId } from "~/models/company/company.schema";
import { listExpenseCodes, saveExpenseCode, withCompanyRuleErrors } from "~/models/company/company.server";

/** GET /api/company/expense-codes → {data: [...]}, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/settings/expense-codes");
  return json({ data: await listExpenseCodes(ctx) });
}

/** PUT /api/company/expense-codes {id, ...}: updates one expense code. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/settings/expense-codes");
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(withId(expenseCodeSchema), await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveExpenseCode(ctx, input)) ?? apiNotFound() }));
}
