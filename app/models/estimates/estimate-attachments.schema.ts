import { z } from "zod";

/** DELETE /api/estimates/attachment {estimateId, fileUrl}. */
export const estimateAttachmentDeleteSchema = z.object({
  estimateId: z.coerce.number().int().positive(),
  fileUrl: z.string().min(1, "File Url is required").max(1000),
});
