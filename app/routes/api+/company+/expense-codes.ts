import { parseOr400 } from "~/http/api.server";
import { listRecordsLoader, saveRecordAction } from "~/http/company-record-api.server";
import { expenseCodeUpdateSchema } from "~/models/company/company.schema";
import { listExpenseCodes, saveExpenseCode } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/expense-codes → {data: [...]}, by name. */
export const loader = listRecordsLoader(screens.settings.expenseCodes, listExpenseCodes);

/** PUT /api/company/expense-codes {id, ...}: updates one expense code. */
export const action = saveRecordAction(screens.settings.expenseCodes, {
  PUT: (ctx, body) => saveExpenseCode(ctx, parseOr400(expenseCodeUpdateSchema, body)),
});
