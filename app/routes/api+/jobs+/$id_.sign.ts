import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { jobSignSchema, signJob } from "~/models/jobs/job-signature.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/{id}/sign {name?, signature? (data:image/png;base64,... or jpeg, at most 200 KB)} →
 * 201 {data: {jobId, name, imageUrl, signedAt}}: the customer's signature, on the job's timeline.
 */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, id, body }) => dataOr404(await signJob(ctx, id(), parseOr400(jobSignSchema, await body())), 201),
});
