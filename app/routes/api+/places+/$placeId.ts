import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, requireApiAccess } from "~/http/api.server";
import { placeParamsSchema, type PlaceAnswer } from "~/models/company/places.schema";
import { maps } from "~/services/maps.server";
import { screens } from "~/access/route-table";

/** GET /api/places/{placeId} → {location, geoData: {placeId, latitude, longitude}, unitNumber}; 404 when unknown or without a maps key. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.home);
  const { placeId } = parseOr400(placeParamsSchema, params);
  const place = await maps().place(placeId);
  return place ? json<PlaceAnswer>(place) : apiNotFound();
}
