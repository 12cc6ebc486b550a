import { parseOr400 } from "~/http/api.server";
import { recordFilesAction } from "~/http/company-record-api.server";
import { templateAttachmentDeleteSchema } from "~/models/templates/templates.schema";
import { removeTemplateAttachment, uploadTemplateFile } from "~/models/templates/templates.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/templates/attachment (multipart: templateId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/templates/attachment {templateId, fileUrl} → {data: {templateId, fileUrl}}.
 */
export const action = recordFilesAction(
  screens.templates.list,
  (request, ctx) => uploadTemplateFile(request, ctx),
  (body) => parseOr400(templateAttachmentDeleteSchema, body),
  (ctx, { templateId, fileUrl }) => removeTemplateAttachment(ctx, templateId, fileUrl),
);
