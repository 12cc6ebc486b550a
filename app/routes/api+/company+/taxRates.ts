import { parseOr400 } from "~/http/api.server";
import { listRecordsLoader, saveRecordAction } from "~/http/company-record-api.server";
import { taxRateUpdateSchema } from "~/models/company/company.schema";
import { listTaxRates, saveTaxRate } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/taxRates → {data: [...]}, by name. */
export const loader = listRecordsLoader(screens.discountsTaxRates, listTaxRates);

/** PUT /api/company/taxRates {id, ...}: updates one tax rate. */
export const action = saveRecordAction(screens.discountsTaxRates, {
  PUT: (ctx, body) => saveTaxRate(ctx, parseOr400(taxRateUpdateSchema, body)),
});
