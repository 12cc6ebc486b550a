import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { requireActiveSubscription } from "~/routes/api+/jobs+/__jobs-api.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** POST /api/jobs with the job fields → 201 {data: {id, publicToken}}. */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ access, body }) => {
    requireActiveSubscription(access);
    const input = parseOr400(jobCreateSchema, await body());
    return dataOr404(await createJob(access.ctx, input), 201);
  },
});
