import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { RECEIPT_FOLDER } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";
import { uploadEditorImage } from "~/http/uploads.server";
import { photoImageRules } from "~/models/files/file-rules";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/**
 * POST /api/expenses/upload-expense-receipt-image (multipart `file`) → 201 {data: {receiptUrl}}:
 * jpeg, jpg, png, heic or heif up to 10 MB, checked by content and stored as PNG up to 1600 px (a
 * receipt stays readable); name it as the expense's receiptUrl.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  if (request.method !== "POST") return methodNotAllowed();
  const target = {
    companyId: ctx.companyId,
    folder: RECEIPT_FOLDER,
    fields: ["file", "image"],
    rules: photoImageRules,
  };
  return uploadEditorImage(request, target, refused, (url) => json({ data: { receiptUrl: url } }, { status: 201 }));
}
