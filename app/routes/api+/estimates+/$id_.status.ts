import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateStatusSchema } from "~/models/estimates/estimates.schema";
import { updateEstimateStatus } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** PUT /api/estimates/{id}/status {estimateId, startDate, notifyCustomer, reason, status} → {data: {id, status}}; the path's id wins. */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, id, body }) => {
    const sent = (await body()) as Record<string, unknown>;
    const input = parseOr400(estimateStatusSchema, { ...sent, estimateId: id() });
    return dataOr404(await updateEstimateStatus(ctx, input));
  },
});
