import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody } from "~/http/api.server";
import { methodNotAllowed, requireJobsApi, uploadJobFile } from "~/models/jobs/jobs-api.server";
import { removeAttachment } from "~/models/jobs/jobs.server";
import { deleteFile } from "~/services/storage.server";

const deleteSchema = z.object({ jobId: z.coerce.number().int().positive(), fileUrl: z.string().min(1, "File Url is required").max(1000) });

/**
 * POST /api/jobs/attachment (multipart: jobId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/jobs/attachment {jobId, fileUrl} → {data: {jobId, fileUrl}}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method === "POST") return uploadJobFile(request, ctx, "attachment");
  if (request.method === "DELETE") {
    const { jobId, fileUrl } = parseOr400(deleteSchema, await readBody(request));
    const key = await removeAttachment(ctx, jobId, fileUrl);
    if (!key) return apiNotFound();
    await deleteFile(key);
    return json({ data: { jobId, fileUrl } });
  }
  return methodNotAllowed();
}
