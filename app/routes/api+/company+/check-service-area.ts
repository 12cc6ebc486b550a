import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readQuery, optionalApiAccess } from "~/http/api.server";
import { serviceAreaQuerySchema } from "~/models/company/company.schema";
import { checkServiceArea } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/company/check-service-area {companyId, latitude, longitude} → {data: {isInServiceArea}}.
 * Public: the online booking page asks it before a visitor books; it reveals only a yes or no.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.onlineBooking);
  const query = parseOr400(serviceAreaQuerySchema, readQuery(request));
  const inside = await checkServiceArea(query.companyId, query.latitude, query.longitude);
  if (inside === null) return apiNotFound();
  return json({ data: { isInServiceArea: inside } });
}
