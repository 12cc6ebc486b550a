import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateUndoSchema } from "~/models/estimates/estimates.schema";
import { undoEstimateStatus } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** PUT /api/estimates/undo {id, statusClicked} → {data: {id, status}}: reverts the last status change. */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, body }) => dataOr404(await undoEstimateStatus(ctx, parseOr400(estimateUndoSchema, await body()))),
});
