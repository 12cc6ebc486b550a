import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, methodNotAllowed, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { estimateAttachmentDeleteSchema } from "~/models/estimates/estimate-attachments.schema";
import { removeEstimateAttachment, uploadEstimateFile } from "~/models/estimates/estimate-attachments.server";
import { deleteFile } from "~/services/storage.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/attachment (multipart: estimateId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/estimates/attachment {estimateId, fileUrl} → {data: {estimateId, fileUrl}}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  if (request.method === "POST") return uploadEstimateFile(request, ctx, "attachment");
  if (request.method === "DELETE") {
    const { estimateId, fileUrl } = parseOr400(estimateAttachmentDeleteSchema, await readBody(request));
    const key = await removeEstimateAttachment(ctx, estimateId, fileUrl);
    if (!key) return apiNotFound();
    await deleteFile(key);
    return json({ data: { estimateId, fileUrl } });
  }
  return methodNotAllowed();
}
