import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readQuery } from "~/http/api.server";
import { checkServiceArea } from "~/models/company/company.server";

const querySchema = z.object({
  companyId: z.coerce.number().int().positive(),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/**
 * GET /api/company/check-service-area {companyId, latitude, longitude} → {data: {isInServiceArea}}.
 * Public: the online booking page asks it before a visitor books; it reveals only a yes or no.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseOr400(querySchema, readQuery(request));
  const inside = await checkServiceArea(query.companyId, query.latitude, query.longitude);
  if (inside === null) return apiNotFound();
  return json({ data: { isInServiceArea: inside } });
}
