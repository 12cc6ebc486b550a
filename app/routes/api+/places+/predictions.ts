import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import {
  PLACE_SEARCH_MAX,
  PLACE_SEARCH_MIN,
  predictionsQuerySchema,
  type PlacePredictionsAnswer,
} from "~/models/company/places.schema";
import { maps } from "~/services/maps.server";
import { screens } from "~/access/route-table";

/** GET /api/places/predictions?input= → {enabled, predictions: [{description, placeId}]}, addresses in the US and Canada. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.home);
  const { input } = parseOr400(predictionsQuerySchema, readQuery(request));
  const adapter = maps();
  const asks = adapter.enabled && input.length >= PLACE_SEARCH_MIN && input.length <= PLACE_SEARCH_MAX;
  return json<PlacePredictionsAnswer>({
    enabled: adapter.enabled,
    predictions: asks ? await adapter.predictions(input) : [],
  });
}
