import { apiAction, dataOr404, parseOr400, readQuery } from "~/http/api.server";
import { segmentIdSchema } from "~/models/jobs/jobs-api.schema";
import { deleteSegment } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** DELETE /api/jobs/{id}/segment {segmentId} (or ?segmentId=) → {data: {segmentId}}. */
export const action = apiAction(screens.jobs.list, {
  DELETE: async ({ ctx, id, request, body }) => {
    const query = readQuery(request);
    const sent = (query.segmentId ?? query.id) ? query : ((await body()) as Record<string, unknown>);
    const { segmentId } = parseOr400(segmentIdSchema, { segmentId: sent.segmentId ?? sent.id });
    return dataOr404((await deleteSegment(ctx, id(), segmentId)) && { segmentId });
  },
});
