import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { servicePlanSchema } from "~/models/service-plans/plans.schema";
import { deleteServicePlan, findServicePlanForApi, updateServicePlan } from "~/models/service-plans/plans.server";
import { screens } from "~/access/route-table";

/** GET /api/service-plans/{id} → {data: plan with its visits and their lines}, archived or not. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.servicePlans.offered);
  return dataOr404(await findServicePlanForApi(ctx, recordIdParam(params.id)));
}

/**
 * PUT /api/service-plans/{id} with the whole plan (visits and lines replaced) → {data: plan}.
 * DELETE /api/service-plans/{id} → {data: {id}}: a plan never sold; a sold one is 400 (archive it).
 */
export const action = apiAction(screens.servicePlans.offered, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(servicePlanSchema, await body());
    return dataOr404((await updateServicePlan(ctx, id(), input)) && (await findServicePlanForApi(ctx, id())));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteServicePlan(ctx, id())) && { id: id() }),
});
