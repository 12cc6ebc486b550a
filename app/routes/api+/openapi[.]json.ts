import { json } from "@remix-run/node";
import { openApiDocument } from "~/openapi/index.server";

/** GET /api/openapi.json: the API described for integrators (public, like /api-documentation). */
export async function loader() {
  return json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
