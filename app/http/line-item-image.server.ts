import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { RouteRule } from "~/access/route-table";
import { absoluteUrl } from "~/http/app-url.server";
import { methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { uploadEditorImage } from "~/http/uploads.server";
import { LINE_ITEM_IMAGE_FOLDER } from "~/models/line-items/line-items.server";

const refused = (message: string): Response => json({ message, errors: { file: message } }, { status: 400 });

/**
 * POST {jobs,estimates}/upload-line-item-image (multipart `file`) → 201 {data: {imageUrl, publicImageUrl}}: the image
 * modal's rules (jpeg, png, heic, heif by content, at most 10 MB), stored as a 400x400 PNG in the line-items folder.
 * See docs/decisions/030-jobs-line-item-images.md. Each document's route names its screen's entry.
 */
export function lineItemImageAction(entry: RouteRule) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { ctx } = await requireApiAccess({ request, context }, entry);
    if (request.method !== "POST") return methodNotAllowed();
    // Within the image limit as it streams to disk: a larger image is refused with its message (uploadRules.image).
    const target = { companyId: ctx.companyId, folder: LINE_ITEM_IMAGE_FOLDER, fields: ["file"] };
    return uploadEditorImage(request, target, refused, (url) =>
      json({ data: { imageUrl: url, publicImageUrl: absoluteUrl(url) } }, { status: 201 }),
    );
  };
}
