import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody } from "~/http/api.server";
import { customerIdParam, methodNotAllowed, requireCustomerApi } from "~/models/customers/customers-api.server";
import { geoDataSchema } from "~/models/customers/customers.schema";
import { getCustomerAddresses, saveAddressGeoData } from "~/models/customers/customers.server";

const bodySchema = z.preprocess(
  (v) => (Array.isArray(v) ? { addresses: v } : v),
  z.object({ addresses: z.array(z.object({ id: z.coerce.number().int().positive(), geoData: geoDataSchema })).max(50) }),
);

/** PATCH /api/customers/{id}/address-geo-data {addresses: [{id, geoData}]} (or the array itself) → the saved addresses. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = customerIdParam(params.id);
  const { addresses } = parseOr400(bodySchema, await readBody(request));
  if (!(await saveAddressGeoData(ctx, id, addresses))) return apiNotFound();
  return json({ addresses: await getCustomerAddresses(ctx, id) });
}
