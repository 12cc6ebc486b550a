import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { countExpensesForCode } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/** GET /api/expenses/exist-for-expense-code/{id} → {data: {exists, count}}: asked before deleting a code; 404 for another company's code. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const count = await countExpensesForCode(ctx, recordIdParam(params.id));
  if (count === null) return apiNotFound();
  return json({ data: { exists: count > 0, count } });
}
