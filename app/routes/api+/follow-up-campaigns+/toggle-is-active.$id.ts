import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { toggleCampaign } from "~/models/campaigns/campaigns.server";
import { screens } from "~/access/route-table";

/** PATCH /api/follow-up-campaigns/toggle-is-active/{id} → {data: {id, isActive}}: the new state. */
export const action = apiAction(screens.campaigns.details, {
  PATCH: async ({ ctx, id }) => {
    const isActive = await toggleCampaign(ctx, id());
    return dataOr404(isActive !== null && { id: id(), isActive });
  },
});

/** A GET changes nothing: 405. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.campaigns.details);
  return methodNotAllowed();
}
