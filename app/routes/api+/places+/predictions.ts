import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { predictionsQuerySchema } from "~/models/company/places.schema";
import { placePredictions } from "~/models/company/places.server";
import { screens } from "~/access/route-table";

/** GET /api/places/predictions?input= → {enabled, predictions: [{description, placeId}]}, addresses in the US and Canada. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.home);
  const { input } = parseOr400(predictionsQuerySchema, readQuery(request));
  return json(await placePredictions(input));
}
