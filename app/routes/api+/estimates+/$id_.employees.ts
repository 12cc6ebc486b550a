import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateEmployeesSchema } from "~/models/estimates/estimates.schema";
import { assignEstimateEmployees } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** PUT /api/estimates/{id}/employees {employeeIds} (or a bare array of ids) → {data: {id, employeeIds}}. */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, id, body }) => {
    const sent = await body();
    const { employeeIds } = parseOr400(estimateEmployeesSchema, Array.isArray(sent) ? { employeeIds: sent } : sent);
    return dataOr404((await assignEstimateEmployees(ctx, id(), employeeIds)) && { id: id(), employeeIds });
  },
});
