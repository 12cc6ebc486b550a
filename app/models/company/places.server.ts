import { maps } from "~/services/maps.server";
import { PLACE_SEARCH_MAX, PLACE_SEARCH_MIN, type PlacePredictionsAnswer } from "./places.schema";

/**
 * The address suggestions for `input` in the US and Canada, for the signed-in place search and the
 * booking form's alike: none without a maps key or outside the input's length bounds.
 */
export async function placePredictions(input: string): Promise<PlacePredictionsAnswer> {
  const adapter = maps();
  const asks = adapter.enabled && input.length >= PLACE_SEARCH_MIN && input.length <= PLACE_SEARCH_MAX;
  return { enabled: adapter.enabled, predictions: asks ? await adapter.predictions(input) : [] };
}
