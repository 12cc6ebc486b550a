import { apiAction, parseOr400 } from "~/http/api.server";
import { assignEstimateChecklistsSchema } from "~/models/checklists/assigned-checklists.schema";
import { assignFromApi } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/assign-checklists {estimateId, companyCheckListIds} → {data: {estimateId, checklists}}:
 * the forms copied onto the estimate. A form already on the estimate is left alone.
 */
export const action = apiAction(screens.checklists.estimate, {
  POST: async ({ ctx, body }) => {
    const { estimateId, ...input } = parseOr400(assignEstimateChecklistsSchema, await body());
    return assignFromApi(ctx, { estimateId }, input);
  },
});
