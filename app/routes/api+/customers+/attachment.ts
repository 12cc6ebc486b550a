import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, badRequest, methodNotAllowed, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import {
  addCustomerAttachments,
  attachmentUploadFrom,
  deleteCustomerAttachment,
} from "~/models/customers/customer-attachments.server";
import { customerAttachmentDeleteSchema } from "~/models/customers/customers.schema";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

const refused = (message: string) => json({ message, errors: { files: message } }, { status: 400 });

/**
 * POST /api/customers/attachment (multipart: customerId, files) → {attachments, errors}: oversize
 * or unaccepted files are dropped with their message, the rest kept.
 * DELETE /api/customers/attachment {customerId, fileUrl}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
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
    const { customerId, fileUrl } = parseOr400(customerAttachmentDeleteSchema, await readBody(request));
    return (await deleteCustomerAttachment(ctx, customerId, fileUrl)) ? json({ customerId, fileUrl }) : apiNotFound();
  }
  return methodNotAllowed();
}
