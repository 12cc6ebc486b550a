import { json, type ActionFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { PRICE_BOOK_IMAGE_FOLDER } from "~/models/price-book.server";
import { MANAGER_ROLES } from "~/models/roles";
import { editorImageRules, ImageUploadError, isFileChosen, storeImageUpload, uploadMessages } from "~/services/images.server";

/** POST /api/price-lists/upload-item-image (multipart `file`) → {data: {imageUrl}}: a 400x400 PNG. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: MANAGER_ROLES });
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const form = await request.formData().catch(() => null);
  const file = form?.get("file") ?? form?.get("image");
  if (!isFileChosen(file)) return json({ errors: { file: uploadMessages.failed } }, { status: 400 });
  try {
    const stored = await storeImageUpload({ companyId: ctx.companyId, folder: PRICE_BOOK_IMAGE_FOLDER, file, rules: editorImageRules });
    return json({ data: { imageUrl: stored.url } }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageUploadError) return json({ errors: { file: error.message } }, { status: 400 });
    throw error;
  }
}
