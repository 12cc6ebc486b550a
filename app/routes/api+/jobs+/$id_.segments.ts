import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { segmentSchema } from "~/models/jobs/jobs.schema";
import { addSegment, listSegments } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/segments → {data: [{id, name, position}]}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  return json({ data: (await listSegments(ctx, recordIdParam(params.id))) ?? apiNotFound() });
}

/** POST /api/jobs/{id}/segments {name} → 201 {data: {id, name, position}}. */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, id, body }) => {
    const { name } = parseOr400(segmentSchema, await body());
    return dataOr404(await addSegment(ctx, id(), name), 201);
  },
});
