import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateResendSchema, resendEstimate } from "~/models/estimates/estimate-send.server";
import { screens } from "~/access/route-table";

/** POST /api/estimates/{id}/resend {notificationEmail?, requestToken?} → {data: {id, status, link, outcome}}: again by email. */
export const action = apiAction(screens.estimates.list, {
  POST: async ({ ctx, id, body }) =>
    dataOr404(await resendEstimate(ctx, id(), parseOr400(estimateResendSchema, await body()))),
});
