import { z } from "zod";
import { placeParamsSchema } from "~/models/company/places.schema";

/**
 * The public booking form's place search (/api/booking-requests/public/{formUrl}/places/...): the
 * signed-in place search's rules behind the form's public address. An unknown or disabled form is 404.
 */
export const bookingFormParamsSchema = z.object({ formUrl: z.string().describe("The form's public address") });

/** GET /api/booking-requests/public/{formUrl}/places/{placeId}. */
export const bookingPlaceParamsSchema = placeParamsSchema.merge(bookingFormParamsSchema);
