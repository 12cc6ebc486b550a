import { deleteRecordAction } from "~/http/company-record-api.server";
import { deleteTaxRate } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/taxRates/{id}: refused with {message} while the tax rate is in use. */
export const action = deleteRecordAction(screens.discountsTaxRates, "id", deleteTaxRate);
