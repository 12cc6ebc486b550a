import { parseOr400 } from "~/http/api.server";
import { listRecordsLoader, saveRecordAction } from "~/http/company-record-api.server";
import { discountUpdateSchema } from "~/models/company/company.schema";
import { listDiscounts, saveDiscount } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/discounts → {data: [...]}, by name. */
export const loader = listRecordsLoader(screens.discountsTaxRates, listDiscounts);

/** PUT /api/company/discounts {id, ...}: updates one discount. */
export const action = saveRecordAction(screens.discountsTaxRates, {
  PUT: (ctx, body) => saveDiscount(ctx, parseOr400(discountUpdateSchema, body)),
});
