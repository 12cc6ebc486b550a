import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, readQuery, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed } from "~/models/jobs/jobs-api.server";
import { segmentIdSchema } from "~/models/jobs/jobs-api.schema";
import { deleteSegment } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** DELETE /api/jobs/{id}/segment {segmentId} (or ?segmentId=) → {data: {segmentId}}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const query = readQuery(request);
  const body = (query.segmentId ?? query.id) ? query : ((await readBody(request)) as Record<string, unknown>);
  const { segmentId } = parseOr400(segmentIdSchema, { segmentId: body.segmentId ?? body.id });
  return (await deleteSegment(ctx, id, segmentId)) ? json({ data: { segmentId } }) : apiNotFound();
}
