import { parseOr400 } from "~/http/api.server";
import { recordFilesAction } from "~/http/company-record-api.server";
import { estimateAttachmentDeleteSchema } from "~/models/estimates/estimate-attachments.schema";
import { removeEstimateAttachment, uploadEstimateFile } from "~/models/estimates/estimate-attachments.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/estimates/attachment (multipart: estimateId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/estimates/attachment {estimateId, fileUrl} → {data: {estimateId, fileUrl}}.
 */
export const action = recordFilesAction(
  screens.estimates.list,
  (request, ctx) => uploadEstimateFile(request, ctx, "attachment"),
  (body) => parseOr400(estimateAttachmentDeleteSchema, body),
  (ctx, { estimateId, fileUrl }) => removeEstimateAttachment(ctx, estimateId, fileUrl),
);
