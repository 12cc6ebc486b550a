import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { audienceQuerySchema } from "~/models/campaigns/campaigns.schema";
import { listAudience } from "~/models/campaigns/campaigns.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/follow-up-campaigns/audience?pageNumber&pageSize&tags&excludeTags&searchQuery&sortSettings
 * → {data: {items, total, totalIsCapped}}: the wizard's customer list (a search from 2 characters, by name by default).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.campaigns.new);
  const query = readQuery(request);
  const { sortSettings } = readPaging(query);
  const page = await listAudience(ctx, parseOr400(audienceQuerySchema, query), sortSettings[0]);
  return json({ data: { items: page.items, total: page.total, totalIsCapped: page.totalIsCapped } });
}
