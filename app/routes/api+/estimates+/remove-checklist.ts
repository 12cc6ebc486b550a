import { apiAction, parseOr400 } from "~/http/api.server";
import { removeEstimateChecklistSchema } from "~/models/checklists/assigned-checklists.schema";
import { removeFromApi } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/remove-checklist {estimateId, companyCheckListId} → {data: {estimateId, companyCheckListId}}:
 * the form's checklist off the estimate, its files deleted.
 */
export const action = apiAction(screens.checklists.estimate, {
  POST: async ({ ctx, body }) => {
    const { estimateId, ...input } = parseOr400(removeEstimateChecklistSchema, await body());
    return removeFromApi(ctx, { estimateId }, input);
  },
});
