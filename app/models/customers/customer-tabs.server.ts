import { pageResult, type Paging } from "~/http/api.server";

/**
 * The customer profile's estimates, invoices and subscription invoices tabs. Those areas are not
 * built yet: until their models land, each answers an empty page (the screen shows 'No items').
 * When an area lands, it replaces its line here with its own customer-scoped page query.
 */
export const CUSTOMER_TABS_NOT_BUILT = ["estimates", "invoices"] as const;
export type UnbuiltCustomerTab = (typeof CUSTOMER_TABS_NOT_BUILT)[number];

export function emptyCustomerTabPage(paging: Paging) {
  return pageResult([] as never[], 0, paging);
}
