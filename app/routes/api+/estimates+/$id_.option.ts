import { apiAction, dataOr404, parseOr400, readQuery } from "~/http/api.server";
import { estimateOptionIdSchema } from "~/models/estimates/estimates.schema";
import { deleteOption } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** DELETE /api/estimates/{id}/option {optionId} (or ?optionId=) → {data: {optionId}}; the last option stays (400). */
export const action = apiAction(screens.estimates.list, {
  DELETE: async ({ ctx, id, request, body }) => {
    const query = readQuery(request);
    const sent = (query.optionId ?? query.id) ? query : ((await body()) as Record<string, unknown>);
    const { optionId } = parseOr400(estimateOptionIdSchema, { optionId: sent.optionId ?? sent.id });
    return dataOr404((await deleteOption(ctx, id(), optionId)) && { optionId });
  },
});
