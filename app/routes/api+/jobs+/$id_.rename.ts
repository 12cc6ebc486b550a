import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { renameSchema } from "~/models/jobs/jobs.schema";
import { renameJob } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** PUT /api/jobs/{id}/rename {name} → {data: {id, name}}. */
export const action = apiAction(screens.jobs.list, {
  PUT: async ({ ctx, id, body }) => {
    const { name } = parseOr400(renameSchema, await body());
    return dataOr404((await renameJob(ctx, id(), name)) && { id: id(), name });
  },
});
