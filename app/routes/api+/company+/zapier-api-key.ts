import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { createApiKey, getApiKeyInfo } from "~/access/api-keys.server";

/** GET /api/company/zapier-api-key → {exists, prefix, createdAt}; the key itself is never shown again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/integrations");
  return json(await getApiKeyInfo(ctx));
}

/** POST /api/company/zapier-api-key → {apiKey, prefix, createdAt}: creates or rotates the key, shown once. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/integrations");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  return json(await createApiKey(ctx), { status: 201, headers: { "Cache-Control": "no-store" } });
}
