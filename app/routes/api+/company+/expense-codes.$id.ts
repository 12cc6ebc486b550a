import { deleteRecordAction } from "~/http/company-record-api.server";
import { deleteExpenseCode } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/expense-codes/{id}: refused with {message} while the expense code is in use. */
export const action = deleteRecordAction(screens.settings.expenseCodes, "id", deleteExpenseCode);
