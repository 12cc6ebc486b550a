import { apiAction, parseOr400 } from "~/http/api.server";
import { assignJobChecklistsSchema } from "~/models/checklists/assigned-checklists.schema";
import { assignFromApi } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/assign-checklists {jobId, companyCheckListIds, includeRecurrent} → {data: {jobId, checklists}}:
 * the forms copied onto the job (with includeRecurrent on a series visit, onto it and the following
 * visits, and onto visits made later). A form already on the job is left alone.
 */
export const action = apiAction(screens.checklists.job, {
  POST: async ({ ctx, body }) => {
    const { jobId, ...input } = parseOr400(assignJobChecklistsSchema, await body());
    return assignFromApi(ctx, { jobId }, input);
  },
});
