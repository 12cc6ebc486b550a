import { deleteRecordAction } from "~/http/company-record-api.server";
import { deleteDiscount } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** DELETE /api/company/discounts/{id}: refused with {message} while the discount is in use. */
export const action = deleteRecordAction(screens.discountsTaxRates, "id", deleteDiscount);
