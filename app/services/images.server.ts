import sharp from "sharp";
import { convertHeicInWorker } from "~/services/heic-worker.server";
import { detectImageKind } from "~/models/files/detect.server";
import { imageMessages, type ImageRules } from "~/models/files/file-rules";
import { MAX_IMAGE_PIXELS, pixelLimitError, readImageDimensions } from "~/services/image-dimensions.server";
import { saveFile, type StoredFile } from "~/services/storage.server";

/**
 * Image decoding: an upload checked under the files model's rules (its kind by content, size, pixels),
 * HEIC converted in a worker, turned upright and resized by sharp. Storing is the storage service's.
 */

/** Longest sharp may work on one image before it gives up. */
const SHARP_TIMEOUT_SECONDS = 15;

export class ImageUploadError extends Error {}

/** A File from a form is "empty" when no file was chosen (browsers send a nameless empty part). */
export const isFileChosen = (value: FormDataEntryValue | null | undefined): value is File =>
  typeof value === "object" && value !== null && value.size > 0;

/**
 * Checks an uploaded image by its content (not its name), converts HEIC/HEIF to PNG, applies
 * the EXIF orientation, resizes and returns PNG bytes. Throws ImageUploadError with the
 * message to show; nothing is stored here.
 */
export async function processImageUpload(file: File | Buffer, rules: ImageRules): Promise<Buffer> {
  const size = Buffer.isBuffer(file) ? file.length : file.size;
  if (size > rules.maxBytes) throw new ImageUploadError(rules.tooLargeMessage);
  if (size === 0) throw new ImageUploadError(imageMessages.failed);
  let data = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer());
  const kind = await detectImageKind(data);
  if (!kind || !rules.accept.includes(kind)) throw new ImageUploadError(rules.wrongTypeMessage);
  // The header's width x height decides, before any decoder sees the pixels.
  const declared = await readImageDimensions(data);
  if (!declared) throw new ImageUploadError(kind === "heic" ? imageMessages.heicFailed : imageMessages.failed);
  const tooManyPixels = pixelLimitError(declared);
  if (tooManyPixels) throw new ImageUploadError(tooManyPixels);
  if (kind === "heic") {
    try {
      data = await convertHeicInWorker(data);
    } catch {
      throw new ImageUploadError(imageMessages.heicFailed);
    }
  }
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .timeout({ seconds: SHARP_TIMEOUT_SECONDS })
      .rotate();
    const meta = await image.metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (rules.minSide && (width < rules.minSide.pixels || height < rules.minSide.pixels))
      throw new ImageUploadError(rules.minSide.message);
    const { side, mode } = rules.resize;
    const resized =
      mode === "square"
        ? image.resize(side, side, { fit: "cover", position: "centre" })
        : image.resize(side, side, { fit: "inside", withoutEnlargement: true });
    return await resized.png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    if (error instanceof ImageUploadError) throw error;
    throw new ImageUploadError(imageMessages.failed);
  }
}

/** Processes and stores an image for a company; returns the stored PNG. */
export async function storeImageUpload(input: {
  companyId: number;
  folder: string;
  file: File | Buffer;
  rules: ImageRules;
}): Promise<StoredFile> {
  const png = await processImageUpload(input.file, input.rules);
  return saveFile({ companyId: input.companyId, folder: input.folder, extension: "png", data: png });
}
