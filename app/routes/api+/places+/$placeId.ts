import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, requireSignedInApi } from "~/http/api.server";
import { placeIdSchema, type PlaceAnswer } from "~/models/company/places.schema";
import { maps } from "~/services/maps.server";

const paramsSchema = z.object({ placeId: placeIdSchema });

/** GET /api/places/{placeId} → {location, geoData: {placeId, latitude, longitude}, unitNumber}; 404 when unknown or without a maps key. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSignedInApi(request);
  const { placeId } = parseOr400(paramsSchema, params);
  const place = await maps().place(placeId);
  return place ? json<PlaceAnswer>(place) : apiNotFound();
}
