import { apiAction, dataOr404, parseOr400, readQuery } from "~/http/api.server";
import { createJobForEventQuerySchema } from "~/models/jobs/jobs-api.schema";
import { createJobForEvent } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** POST /api/jobs/createJobForEvent?jobId&start&end → {data: {id}}: the series visit at start, created beyond the horizon if needed. */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, request }) =>
    dataOr404(await createJobForEvent(ctx, parseOr400(createJobForEventQuerySchema, readQuery(request)))),
});
