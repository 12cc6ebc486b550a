import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess, methodNotAllowed } from "~/http/api.server";
import { createApiKey, getApiKeyInfo } from "~/access/api-keys.server";
import { screens } from "~/access/route-table";

/** GET /api/company/zapier-api-key → {exists, prefix, createdAt}; the key itself is never shown again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.integrations);
  return json(await getApiKeyInfo(ctx));
}

/** POST /api/company/zapier-api-key → {apiKey, prefix, createdAt}: creates or rotates the key, shown once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.integrations);
  if (request.method !== "POST") return methodNotAllowed();
  return json(await createApiKey(ctx), { status: 201, headers: { "Cache-Control": "no-store" } });
}
