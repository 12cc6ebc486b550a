import { parseOr400 } from "~/http/api.server";
import { recordFilesAction } from "~/http/company-record-api.server";
import { uploadJobFile } from "~/routes/api+/jobs+/__jobs-api.server";
import { jobAttachmentDeleteSchema } from "~/models/jobs/jobs-api.schema";
import { removeAttachment } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/attachment (multipart: jobId, files: one file per call) → 201 {data: attachment}.
 * DELETE /api/jobs/attachment {jobId, fileUrl} → {data: {jobId, fileUrl}}.
 */
export const action = recordFilesAction(
  screens.jobs.list,
  (request, ctx) => uploadJobFile(request, ctx, "attachment"),
  (body) => parseOr400(jobAttachmentDeleteSchema, body),
  (ctx, { jobId, fileUrl }) => removeAttachment(ctx, jobId, fileUrl),
);
