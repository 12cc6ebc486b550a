import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, badRequest, parseOr400, readBody } from "~/models/api.server";
import { addCustomerAttachments, deleteCustomerAttachment, readAttachmentUpload } from "~/models/customer-attachments.server";
import { methodNotAllowed, requireCustomerApi } from "~/models/customers-api.server";

const deleteSchema = z.object({ customerId: z.coerce.number().int().positive(), fileUrl: z.string().min(1, "File Url is required").max(1000) });

/**
 * POST /api/customers/attachment (multipart: customerId, files) → {attachments, errors}: oversize
 * or unaccepted files are dropped with their message, the rest kept.
 * DELETE /api/customers/attachment {customerId, fileUrl}.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  if (request.method === "POST") {
    const upload = await readAttachmentUpload(request);
    if ("message" in upload) return badRequest(upload.message);
    const result = await addCustomerAttachments(ctx, upload.customerId, upload.files);
    if (!result) return apiNotFound();
    if (!result.attachments.length && result.errors.length) return json({ message: result.errors.join(" "), errors: { files: result.errors.join(" ") } }, { status: 400 });
    return json(result);
  }
  if (request.method === "DELETE") {
    const { customerId, fileUrl } = parseOr400(deleteSchema, await readBody(request));
    return (await deleteCustomerAttachment(ctx, customerId, fileUrl)) ? json({ customerId, fileUrl }) : apiNotFound();
  }
  return methodNotAllowed();
}
