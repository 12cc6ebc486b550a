import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { undoStatusSchema } from "~/models/jobs/jobs.schema";
import { undoJobStatus } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/undo {id, statusClicked} → {data: {id, status}}: reverts the last status change. */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, body }) => dataOr404(await undoJobStatus(ctx, parseOr400(undoStatusSchema, await body()))),
});
