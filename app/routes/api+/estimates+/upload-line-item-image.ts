import { lineItemImageAction } from "~/http/line-item-image.server";
import { screens } from "~/access/route-table";

/** POST /api/estimates/upload-line-item-image (multipart `file`) → 201 {data: {imageUrl, publicImageUrl}}: the jobs' upload. */
export const action = lineItemImageAction(screens.estimates.list);
