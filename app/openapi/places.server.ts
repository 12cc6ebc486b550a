import { z } from "zod";
import { placeParamsSchema, predictionsQuerySchema } from "~/models/company/places.schema";
import { registerCall } from "~/openapi/registry.server";

const tag = "Places";
const anyone = "any signed-in user (address fields of every screen)";
const geoData = z.object({ placeId: z.string().optional(), latitude: z.number(), longitude: z.number() });

registerCall({
  method: "get",
  path: "/places/predictions",
  tag,
  summary:
    "Address suggestions in the US and Canada for typed text (3 to 200 characters after trimming; otherwise an empty list). enabled is false without a maps key: addresses are then plain text",
  access: anyone,
  query: predictionsQuerySchema,
  response: z.object({
    enabled: z.boolean(),
    predictions: z.array(z.object({ description: z.string(), placeId: z.string() })),
  }),
});
registerCall({
  method: "get",
  path: "/places/{placeId}",
  tag,
  summary:
    "A suggestion's formatted address, coordinates and unit number (from its subpremise); 404 when unknown or without a maps key",
  access: anyone,
  params: placeParamsSchema,
  response: z.object({ location: z.string(), geoData, unitNumber: z.string().nullable() }),
});
