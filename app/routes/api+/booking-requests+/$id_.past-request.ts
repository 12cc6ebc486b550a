import { apiAction } from "~/http/api.server";
import { requestAnswer } from "~/routes/api+/booking-requests+/__requests-api.server";
import { markRequestPast } from "~/models/booking/requests.server";
import { screens } from "~/access/route-table";

/** PATCH /api/booking-requests/{id}/past-request → {data: request} moved to the past list (isPast true). */
export const action = apiAction(screens.bookingRequests.list, {
  PATCH: async ({ ctx, id }) => requestAnswer(ctx, id(), await markRequestPast(ctx, id())),
});
