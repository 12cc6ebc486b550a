import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { campaignsPageFiltersSchema } from "~/models/campaigns/campaigns-api.schema";
import { listCampaignsPage } from "~/models/campaigns/campaigns.server";
import { screens } from "~/access/route-table";

/** GET /api/follow-up-campaigns/page?pageNumber&pageSize&isActive → {items, total, pageNumber, pageSize}, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.campaigns.details);
  const query = readQuery(request);
  const paging = readPaging(query);
  const { isActive } = parseOr400(campaignsPageFiltersSchema, query);
  const page = await listCampaignsPage(ctx, { pageNumber: paging.pageNumber, pageSize: paging.pageSize, isActive });
  return json(pageResult(page.items, page.total, paging));
}
