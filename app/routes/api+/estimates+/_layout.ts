import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { requireActiveSubscription } from "~/routes/api+/jobs+/__jobs-api.server";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** POST /api/estimates with the estimate fields (lineItems, or options [{name, lineItems}]) → 201 {data: {id, number, publicToken}}. */
export const action = apiAction(screens.estimates.list, {
  POST: async ({ access, body }) => {
    requireActiveSubscription(access);
    const input = parseOr400(estimateCreateSchema, await body());
    return dataOr404(await createEstimate(access.ctx, input), 201);
  },
});
