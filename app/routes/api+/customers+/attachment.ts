import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, badRequest, parseOr400, readBody } from "~/http/api.server";
import { addCustomerAttachments, attachmentUploadFrom, deleteCustomerAttachment } from "~/models/customers/customer-attachments.server";
import { methodNotAllowed, requireCustomerApi } from "~/models/customers/customers-api.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/models/files/uploads.server";

const refused = (message: string) => json({ message, errors: { files: message } }, { status: 400 });

const deleteSchema = z.object({ customerId: z.coerce.number().int().positive(), fileUrl: z.string().min(1, "File Url is required").max(1000) });

/**
 * POST /api/customers/attachment (multipart: customerId, files) → {attachments, errors}: oversize
 * or unaccepted files are dropped with their message, the rest kept.
 * DELETE /api/customers/attachment {customerId, fileUrl}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  if (request.method === "POST") {
    return withUploadForm(request, uploadRules.customerAttachments, refused, async (form, dropped) => {
      const upload = attachmentUploadFrom(form, dropped);
      if ("message" in upload) return badRequest(upload.message);
      const result = await addCustomerAttachments(ctx, upload.customerId, upload.files, dropped);
      if (!result) return apiNotFound();
      if (!result.attachments.length && result.errors.length) return refused(result.errors.join(" "));
      return json(result);
    });
  }
  if (request.method === "DELETE") {
    const { customerId, fileUrl } = parseOr400(deleteSchema, await readBody(request));
    return (await deleteCustomerAttachment(ctx, customerId, fileUrl)) ? json({ customerId, fileUrl }) : apiNotFound();
  }
  return methodNotAllowed();
}
