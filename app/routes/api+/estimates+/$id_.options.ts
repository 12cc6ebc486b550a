import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { optionForApi } from "~/routes/api+/estimates+/__estimates-api.server";
import { estimateOptionCreateSchema } from "~/models/estimates/estimates.schema";
import { addOption, listOptions } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/{id}/options → {data: [{id, name, position, subtotalCents, taxCents, totalCents, lineItems}]}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  const options = await listOptions(ctx, recordIdParam(params.id));
  return json({ data: options ? options.map(optionForApi) : apiNotFound() });
}

/** POST /api/estimates/{id}/options {name, lineItems} → 201 {data: {id}}. */
export const action = apiAction(screens.estimates.list, {
  POST: async ({ ctx, id, body }) => {
    const option = parseOr400(estimateOptionCreateSchema, await body());
    return dataOr404(await addOption(ctx, id(), option), 201);
  },
});
