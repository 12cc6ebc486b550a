import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { estimateRenameSchema } from "~/models/estimates/estimates.schema";
import { renameEstimate } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** PUT /api/estimates/{id}/rename {name} → {data: {id, name}}. */
export const action = apiAction(screens.estimates.list, {
  PUT: async ({ ctx, id, body }) => {
    const { name } = parseOr400(estimateRenameSchema, await body());
    return dataOr404((await renameEstimate(ctx, id(), name)) && { id: id(), name });
  },
});
