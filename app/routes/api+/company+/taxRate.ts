import { parseOr400 } from "~/http/api.server";
import { saveRecordAction } from "~/http/company-record-api.server";
import { taxRateSchema } from "~/models/company/company.schema";
import { saveTaxRate } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** POST /api/company/taxRate: creates a tax rate. */
export const action = saveRecordAction(screens.discountsTaxRates, {
  POST: (ctx, body) => saveTaxRate(ctx, parseOr400(taxRateSchema, body)),
});
