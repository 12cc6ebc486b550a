import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { expenseApiSchema, expenseUpdateApiSchema } from "~/models/expenses/expenses.schema";
import { createExpense, expenseJson, getExpense, updateExpense } from "~/models/expenses/expenses.server";
import type { CallerContext } from "~/access/access.server";
import { screens } from "~/access/route-table";

const saved = async (ctx: CallerContext, row: { id: number } | null) => row && getExpense(ctx, row.id);

/**
 * POST /api/expenses {date, amount, expenseCodeId, description, employeeId, relatedEntityType,
 * relatedEntityId, receiptUrl} → 201 {data: expense}; PUT /api/expenses {id, ...the same}: a
 * missing receiptUrl keeps the receipt, null removes it. Money in dollars, kept in cents.
 */
export const action = apiAction(screens.expenseTracking, {
  POST: async ({ ctx, body }) => {
    const { receiptUrl, ...input } = parseOr400(expenseApiSchema, await body());
    const row = await saved(ctx, await createExpense(ctx, input, receiptUrl || null));
    return dataOr404(row && expenseJson(row), 201);
  },
  PUT: async ({ ctx, body }) => {
    const { id, receiptUrl, ...input } = parseOr400(expenseUpdateApiSchema, await body());
    const receipt = receiptUrl === undefined ? undefined : { receiptUrl: receiptUrl || null };
    const row = await saved(ctx, await updateExpense(ctx, id, input, receipt));
    return dataOr404(row && expenseJson(row));
  },
});
