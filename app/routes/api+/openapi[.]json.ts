import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/openapi/index.server";
import { optionalApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/openapi.json: the API described for integrators (public, like /api-documentation). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.apiDocumentation);
  return json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
