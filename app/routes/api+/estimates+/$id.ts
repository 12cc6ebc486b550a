import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { estimateForApi } from "~/routes/api+/estimates+/__estimates-api.server";
import { estimateUpdateSchema } from "~/models/estimates/estimates.schema";
import { deleteEstimate, getEstimate, updateEstimate } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/{id} → {data: estimate with options and their lines, employees, tags, timeline}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  const estimate = await getEstimate(ctx, recordIdParam(params.id));
  return json({ data: estimate ? estimateForApi(estimate) : apiNotFound() });
}

/**
 * PUT /api/estimates/{id} {name, description, privateNotes, message, discount, taxRate, tags, isAllDay,
 * customerAddressId, options} → {data: estimate}. DELETE /api/estimates/{id} → {data: {id}}.
 */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(estimateUpdateSchema, await body());
    if (!(await updateEstimate(ctx, id(), input))) return apiNotFound();
    const estimate = await getEstimate(ctx, id());
    return dataOr404(estimate && estimateForApi(estimate));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteEstimate(ctx, id())) && { id: id() }),
});
