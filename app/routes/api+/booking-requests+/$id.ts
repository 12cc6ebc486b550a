import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { requestAnswer } from "~/routes/api+/booking-requests+/__requests-api.server";
import { bookingRequestUpdateSchema } from "~/models/booking/booking.schema";
import { deleteRequest, getRequest, updateRequest } from "~/models/booking/requests.server";
import { screens } from "~/access/route-table";

/** GET /api/booking-requests/{id} → {data: request with answers, photos and timeline}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.bookingRequests.list);
  const found = await getRequest(ctx, recordIdParam(params.id));
  return json({ data: found ?? apiNotFound() });
}

/**
 * PUT /api/booking-requests/{id} {firstName, lastName, email, phone, location, unitNumber, notes, status}
 * → {data: request}. DELETE /api/booking-requests/{id} → {data: {id}}.
 */
export const action = apiAction(screens.bookingRequests.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(bookingRequestUpdateSchema, await body());
    return requestAnswer(ctx, id(), await updateRequest(ctx, id(), input));
  },
  DELETE: async ({ ctx, id }) => ((await deleteRequest(ctx, id())) ? json({ data: { id: id() } }) : apiNotFound()),
});
