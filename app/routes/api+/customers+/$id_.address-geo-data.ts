import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { customerIdParam, methodNotAllowed } from "~/models/customers/customers-api.server";
import { addressGeoDataSchema } from "~/models/customers/customers.schema";
import { getCustomerAddresses, saveAddressGeoData } from "~/models/customers/customers.server";
import { screens } from "~/access/route-table";

/** PATCH /api/customers/{id}/address-geo-data {addresses: [{id, geoData}]} (or the array itself) → the saved addresses. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = customerIdParam(params.id);
  const { addresses } = parseOr400(addressGeoDataSchema, await readBody(request));
  if (!(await saveAddressGeoData(ctx, id, addresses))) return apiNotFound();
  return json({ addresses: await getCustomerAddresses(ctx, id) });
}
