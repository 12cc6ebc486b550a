import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { jobEmployeesSchema } from "~/models/jobs/jobs-api.schema";
import { assignEmployees } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/employees {employeeIds} (or a bare array of ids) → {data: {id, employeeIds}}. */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, id, body }) => {
    const sent = await body();
    const { employeeIds } = parseOr400(jobEmployeesSchema, Array.isArray(sent) ? { employeeIds: sent } : sent);
    return dataOr404((await assignEmployees(ctx, id(), employeeIds)) && { id: id(), employeeIds });
  },
});
