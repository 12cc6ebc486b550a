import { json, type ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";
import { methodNotAllowed, requireJobsApi } from "~/models/jobs-api.server";
import { LINE_ITEM_IMAGE_FOLDER } from "~/models/jobs.server";
import { editorImageRules, IMAGE_MAX_BYTES, ImageUploadError, isFileChosen, storeImageUpload, uploadMessages } from "~/services/images.server";

// Refused before the body is read: the image limit plus room for the multipart envelope.
const MAX_REQUEST_BYTES = IMAGE_MAX_BYTES + 1024 * 1024;

const refused = (message: string) => json({ message, errors: { file: message } }, { status: 400 });

/**
 * POST /api/jobs/upload-line-item-image (multipart `file`) → 201 {data: {imageUrl, publicImageUrl}}: the image modal's
 * rules (jpeg, png, heic, heif by content, at most 10 MB), stored as a 400x400 PNG. See docs/decisions/jobs-line-item-images.md.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  if (request.method !== "POST") return methodNotAllowed();
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_REQUEST_BYTES) return refused(uploadMessages.imageTooLarge);
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!isFileChosen(file)) return refused(uploadMessages.failed);
  try {
    const stored = await storeImageUpload({ companyId: ctx.companyId, folder: LINE_ITEM_IMAGE_FOLDER, file, rules: editorImageRules });
    return json({ data: { imageUrl: stored.url, publicImageUrl: new URL(stored.url, env().APP_URL ?? request.url).href } }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageUploadError) return refused(error.message);
    throw error;
  }
}
