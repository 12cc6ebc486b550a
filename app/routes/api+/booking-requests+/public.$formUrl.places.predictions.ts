import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { optionalApiAccess, parseOr400, readQuery } from "~/http/api.server";
import { screens } from "~/access/route-table";
import {
  PLACE_SEARCH_MAX,
  PLACE_SEARCH_MIN,
  predictionsQuerySchema,
  type PlacePredictionsAnswer,
} from "~/models/company/places.schema";
import { maps } from "~/services/maps.server";
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
  const adapter = maps();
  const asks = adapter.enabled && input.length >= PLACE_SEARCH_MIN && input.length <= PLACE_SEARCH_MAX;
  return json<PlacePredictionsAnswer>({
    enabled: adapter.enabled,
    predictions: asks ? await adapter.predictions(input) : [],
  });
}
