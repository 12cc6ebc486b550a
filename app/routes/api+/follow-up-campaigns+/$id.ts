import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, recordIdParam, requireApiAccess } from "~/http/api.server";
import { deleteCampaign, getCampaign } from "~/models/campaigns/campaigns.server";
import { screens } from "~/access/route-table";

/** GET /api/follow-up-campaigns/{id} → {data: campaign with its targetAudienceFilters}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.campaigns.details);
  return dataOr404(await getCampaign(ctx, recordIdParam(params.id)));
}

/** DELETE /api/follow-up-campaigns/{id} → {data: {id}}: the campaign and its message records; nothing waiting is sent. */
export const action = apiAction(screens.campaigns.details, {
  DELETE: async ({ ctx, id }) => dataOr404((await deleteCampaign(ctx, id())) && { id: id() }),
});
