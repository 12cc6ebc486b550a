import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { recordLoader } from "~/http/company-record-api.server";
import { findEstimateForApi } from "~/routes/api+/estimates+/__estimates-api.server";
import { estimateUpdateSchema } from "~/models/estimates/estimates.schema";
import { deleteEstimate, updateEstimate } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/{id} → {data: estimate with options and their lines, employees, tags, timeline}. */
export const loader = recordLoader(screens.estimates.list, findEstimateForApi);

/**
 * PUT /api/estimates/{id} {name, description, privateNotes, message, discount, taxRate, tags, isAllDay,
 * customerAddressId, options} → {data: estimate}. DELETE /api/estimates/{id} → {data: {id}}.
 */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(estimateUpdateSchema, await body());
    return dataOr404((await updateEstimate(ctx, id(), input)) && (await findEstimateForApi(ctx, id())));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteEstimate(ctx, id())) && { id: id() }),
});
