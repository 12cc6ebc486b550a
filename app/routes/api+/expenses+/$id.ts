import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, recordIdParam, requireApiAccess } from "~/http/api.server";
import { deleteExpense, expenseJson, getExpense } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/** GET /api/expenses/{id} → {data: expense}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const row = await getExpense(ctx, recordIdParam(params.id));
  return json({ data: row ? expenseJson(row) : apiNotFound() });
}

/** DELETE /api/expenses/{id} → {data: {id}}; its receipt goes too. */
export const action = apiAction(screens.expenseTracking, {
  DELETE: async ({ ctx, id }) => dataOr404((await deleteExpense(ctx, id())) && { id: id() }),
});
