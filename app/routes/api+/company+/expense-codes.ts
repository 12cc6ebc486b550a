import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/models/api.server";
import { expenseCodeSchema, withId } from "~/models/company.schema";
import { listExpenseCodes, saveExpenseCode, withCompanyRuleErrors } from "~/models/company.server";
import { BROAD_ROLES, MANAGER_ROLES } from "~/models/roles";

/** GET /api/company/expense-codes → {data: [...]}, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: BROAD_ROLES });
  return json({ data: await listExpenseCodes(ctx) });
}

/** PUT /api/company/expense-codes {id, ...}: updates one expense code. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(withId(expenseCodeSchema), await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveExpenseCode(ctx, input)) ?? apiNotFound() }));
}
