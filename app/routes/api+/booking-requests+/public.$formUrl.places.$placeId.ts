import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, optionalApiAccess, parseOr400 } from "~/http/api.server";
import { screens } from "~/access/route-table";
import { bookingPlaceParamsSchema } from "~/models/booking/booking-places.schema";
import type { PlaceAnswer } from "~/models/company/places.schema";
import { maps } from "~/services/maps.server";
import { formForPlaceSearch } from "./__booking-places.server";

/**
 * GET /api/booking-requests/public/{formUrl}/places/{placeId} (public, rate limited) → {location,
 * geoData: {placeId, latitude, longitude}, unitNumber}: the chosen suggestion of the booking form's
 * place search. 404 for an unknown or disabled form, an unknown place, or without a maps key.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.onlineBooking);
  await formForPlaceSearch(params.formUrl, context);
  const { placeId } = parseOr400(bookingPlaceParamsSchema, params);
  const place = await maps().place(placeId);
  return place ? json<PlaceAnswer>(place) : apiNotFound();
}
