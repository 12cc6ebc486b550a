import { parseOr400 } from "~/http/api.server";
import { saveRecordAction } from "~/http/company-record-api.server";
import { expenseCodeSchema } from "~/models/company/company.schema";
import { saveExpenseCode } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** POST /api/company/expense-code: creates an expense code. */
export const action = saveRecordAction(screens.settings.expenseCodes, {
  POST: (ctx, body) => saveExpenseCode(ctx, parseOr400(expenseCodeSchema, body)),
});
