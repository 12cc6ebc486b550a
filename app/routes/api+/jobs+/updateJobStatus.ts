import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { updateJobStatusSchema } from "~/models/jobs/jobs.schema";
import { updateJobStatus } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/updateJobStatus {jobId, status, startDate, notifyCustomer, reason} → {data: {id, status}}. */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, body }) => dataOr404(await updateJobStatus(ctx, parseOr400(updateJobStatusSchema, await body()))),
});
