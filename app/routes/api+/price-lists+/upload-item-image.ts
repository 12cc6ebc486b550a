import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { PRICE_BOOK_IMAGE_FOLDER } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";
import { uploadEditorImage } from "~/http/uploads.server";

const refused = (message: string): Response => json({ errors: { file: message } }, { status: 400 });

/** POST /api/price-lists/upload-item-image (multipart `file`) → {data: {imageUrl}}: a 400x400 PNG. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return methodNotAllowed();
  const target = { companyId: ctx.companyId, folder: PRICE_BOOK_IMAGE_FOLDER, fields: ["file", "image"] };
  return uploadEditorImage(request, target, refused, (url) => json({ data: { imageUrl: url } }, { status: 201 }));
}
