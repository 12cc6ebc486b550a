import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateSendSchema, sendEstimate } from "~/models/estimates/estimate-send.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/{id}/send {notificationType: 1 text | 2 email | 3 both, notificationEmail?,
 * notificationPhone?, requestToken?} → {data: {id, status, link, outcome}}. Sends the Send Estimate
 * message with the link to the customer's approval page; the estimate becomes sent.
 */
export const action = apiAction(screens.estimates.list, {
  POST: async ({ ctx, id, body }) =>
    dataOr404(await sendEstimate(ctx, id(), parseOr400(estimateSendSchema, await body()))),
});
