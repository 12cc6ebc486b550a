import { parseOr400 } from "~/http/api.server";
import { saveRecordAction } from "~/http/company-record-api.server";
import { discountSchema } from "~/models/company/company.schema";
import { saveDiscount } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** POST /api/company/discount: creates a discount. */
export const action = saveRecordAction(screens.discountsTaxRates, {
  POST: (ctx, body) => saveDiscount(ctx, parseOr400(discountSchema, body)),
});
