import { apiAction } from "~/http/api.server";
import { requestAnswer } from "~/routes/api+/booking-requests+/__requests-api.server";
import { assignCustomer } from "~/models/booking/requests.server";
import { screens } from "~/access/route-table";

/** PATCH /api/booking-requests/{id}/assign-customer/{customerId} → {data: request}; another company's customer is 404. */
export const action = apiAction(screens.bookingRequests.list, {
  PATCH: async ({ ctx, id }) => requestAnswer(ctx, id(), await assignCustomer(ctx, id(), id("customerId"))),
});
