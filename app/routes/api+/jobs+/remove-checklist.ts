import { apiAction, parseOr400 } from "~/http/api.server";
import { removeJobChecklistSchema } from "~/models/checklists/assigned-checklists.schema";
import { removeFromApi } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/remove-checklist {jobId, companyCheckListId, includeRecurrent} → {data: {jobId, companyCheckListId}}:
 * the form's checklist off the job (with includeRecurrent, off the following visits too), its files deleted.
 */
export const action = apiAction(screens.checklists.job, {
  POST: async ({ ctx, body }) => {
    const { jobId, ...input } = parseOr400(removeJobChecklistSchema, await body());
    return removeFromApi(ctx, { jobId }, input);
  },
});
