import { json } from "@remix-run/node";
import { apiAction, apiNotFound, parseOr400 } from "~/http/api.server";
import { addressGeoDataSchema } from "~/models/customers/customers.schema";
import { getCustomerAddresses, saveAddressGeoData } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** PATCH /api/customers/{id}/address-geo-data {addresses: [{id, geoData}]} (or the array itself) → the saved addresses. */
export const action = apiAction(screens.customers.list, {
  PATCH: async ({ ctx, id, body }) => {
    const { addresses } = parseOr400(addressGeoDataSchema, await body());
    if (!(await saveAddressGeoData(ctx, id(), addresses))) return apiNotFound();
    return json({ addresses: await getCustomerAddresses(ctx, id()) });
  },
});
