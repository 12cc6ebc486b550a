import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody, readQuery } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, requireJobsApi } from "~/models/jobs/jobs-api.server";
import { deleteSegment } from "~/models/jobs/jobs.server";

const segmentIdSchema = z.object({ segmentId: z.coerce.number({ invalid_type_error: "Segment Id is required" }).int().positive("Segment Id is required") });

/** DELETE /api/jobs/{id}/segment {segmentId} (or ?segmentId=) → {data: {segmentId}}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const query = readQuery(request);
  const body = query.segmentId ?? query.id ? query : ((await readBody(request)) as Record<string, unknown>);
  const { segmentId } = parseOr400(segmentIdSchema, { segmentId: body.segmentId ?? body.id });
  return (await deleteSegment(ctx, id, segmentId)) ? json({ data: { segmentId } }) : apiNotFound();
}
