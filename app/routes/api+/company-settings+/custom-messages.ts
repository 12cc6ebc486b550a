import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { listMessageTemplates } from "~/models/messaging/templates.server";
import { screens } from "~/access/route-table";

/** GET /api/company-settings/custom-messages → {data: [...]}: the five customizable types, the company's wording or the default. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.communication);
  return json({ data: await listMessageTemplates(ctx) });
}
