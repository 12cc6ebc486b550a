import { apiAction } from "~/http/api.server";
import { requestAnswer } from "~/routes/api+/booking-requests+/__requests-api.server";
import { markRequestBad } from "~/models/booking/requests.server";
import { screens } from "~/access/route-table";

/** PATCH /api/booking-requests/{id}/bad-request → {data: request} with status 3 (bad request). */
export const action = apiAction(screens.bookingRequests.list, {
  PATCH: async ({ ctx, id }) => requestAnswer(ctx, id(), await markRequestBad(ctx, id())),
});
