import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { PRICE_BOOK_IMAGE_FOLDER } from "~/models/price-book/price-book.server";
import { editorImageRules, imageMessages } from "~/models/files/file-rules";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/** POST /api/price-lists/upload-item-image (multipart `file`) → {data: {imageUrl}}: a 400x400 PNG. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return methodNotAllowed();
  return withUploadForm(request, uploadRules.image, refused, async (form) => {
    const file = form.get("file") ?? form.get("image");
    if (!isFileChosen(file)) return refused(imageMessages.failed);
    try {
      const stored = await storeImageUpload({
        companyId: ctx.companyId,
        folder: PRICE_BOOK_IMAGE_FOLDER,
        file,
        rules: editorImageRules,
      });
      return json({ data: { imageUrl: stored.url } }, { status: 201 });
    } catch (error) {
      if (error instanceof ImageUploadError) return refused(error.message);
      throw error;
    }
  });
}
