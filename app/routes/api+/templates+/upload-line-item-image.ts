import { lineItemImageAction } from "~/http/line-item-image.server";
import { screens } from "~/access/route-table";

/** POST /api/templates/upload-line-item-image (multipart `file`) → 201 {data: {imageUrl, publicImageUrl}}. */
export const action = lineItemImageAction(screens.templates.list);
