import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, methodNotAllowed, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { uploadJobFile } from "~/routes/api+/jobs+/__jobs-api.server";
import { jobAttachmentDeleteSchema } from "~/models/jobs/jobs-api.schema";
import { removeAttachment } from "~/models/jobs/jobs.server";
import { deleteFile } from "~/services/storage.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/attachment (multipart: jobId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/jobs/attachment {jobId, fileUrl} → {data: {jobId, fileUrl}}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method === "POST") return uploadJobFile(request, ctx, "attachment");
  if (request.method === "DELETE") {
    const { jobId, fileUrl } = parseOr400(jobAttachmentDeleteSchema, await readBody(request));
    const key = await removeAttachment(ctx, jobId, fileUrl);
    if (!key) return apiNotFound();
    await deleteFile(key);
    return json({ data: { jobId, fileUrl } });
  }
  return methodNotAllowed();
}
