import { z } from "zod";
import type { PlaceDetails, PlacePrediction } from "~/services/maps.server";

/** The place search of the spec: suggestions after 3 characters, asked 600 ms after typing stops. */
export const PLACE_SEARCH_MIN = 3;
export const PLACE_SEARCH_MAX = 200;
export const PLACE_SEARCH_DEBOUNCE_MS = 600;

/** GET /api/places/predictions?input=: text outside 3..200 characters (trimmed) asks nothing and answers an empty list. */
export const predictionsQuerySchema = z.object({
  input: z
    .string({ invalid_type_error: "Input must be one text value" })
    .optional()
    .transform((v) => v?.trim() ?? ""),
});

/** Google place ids are URL-safe base64-like text. */
export const placeIdSchema = z
  .string({ required_error: "Place id is required" })
  .min(1, "Place id is required")
  .max(512, "Place id should be 512 characters maximum")
  .regex(/^[\w+/=-]+$/, "Place id is not valid");
/** GET /api/places/{placeId}. */
export const placeParamsSchema = z.object({ placeId: placeIdSchema });

export type PlacePredictionsAnswer = { enabled: boolean; predictions: PlacePrediction[] };
export type PlaceAnswer = PlaceDetails;
