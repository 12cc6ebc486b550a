import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalApiAccess, parseOr400, readQuery } from "~/http/api.server";
import { screens } from "~/access/route-table";
import { predictionsQuerySchema } from "~/models/company/places.schema";
import { placePredictions } from "~/models/company/places.server";
import { formForPlaceSearch } from "./__booking-places.server";

/**
 * GET /api/booking-requests/public/{formUrl}/places/predictions?input= (public, rate limited) →
 * {enabled, predictions: [{description, placeId}]}: the booking form's address suggestions in the US
 * and Canada, as the signed-in place search answers them. 404 for an unknown or disabled form.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.onlineBooking);
  await formForPlaceSearch(params.formUrl, context);
  const { input } = parseOr400(predictionsQuerySchema, readQuery(request));
  return json(await placePredictions(input));
}
