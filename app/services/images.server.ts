import sharp from "sharp";
import { convertHeicInWorker } from "~/services/heic-worker.server";
import { MAX_IMAGE_PIXELS, pixelLimitError, pixelLimitMessage, readImageDimensions } from "~/services/image-dimensions.server";
import { saveFile, type StoredFile } from "~/services/storage.server";

/** Upload messages of the specification (part 1 section 5 and the error catalogue). */
export const uploadMessages = {
  imageTooLarge: "The image file size cannot exceed 10 MB.",
  logoTooLarge: "The file size cannot exceed 5 MB.",
  logoHint: "At least 256x256px PNG or JPG file",
  failed: "Failed to upload image.",
  heicFailed: "Failed to convert HEIC image.",
  editorTypes: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.",
  tooManyPixels: pixelLimitMessage,
} as const;

/** Longest sharp may work on one image before it gives up. */
const SHARP_TIMEOUT_SECONDS = 15;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_MAX_BYTES = 5242880;
export const LOGO_MIN_SIDE = 256;
/** The image modal's recommended size: what the price book, jobs and estimates store. */
export const EDITOR_OUTPUT_SIDE = 400;

export class ImageUploadError extends Error {}

type Kind = "jpeg" | "png" | "heic";

export type ImageRules = {
  maxBytes: number;
  tooLargeMessage: string;
  accept: readonly Kind[];
  wrongTypeMessage: string;
  /** Smallest width and height accepted, with its message. */
  minSide?: { pixels: number; message: string };
  /** "square": centre-cropped to side x side; "inside": fits within side x side, never enlarged. */
  resize: { mode: "square" | "inside"; side: number };
};

/** The image modal's rules: jpeg, jpg, png, heic, heif up to 10 MB, stored 400x400. */
export const editorImageRules: ImageRules = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLargeMessage: uploadMessages.imageTooLarge,
  accept: ["jpeg", "png", "heic"],
  wrongTypeMessage: uploadMessages.editorTypes,
  resize: { mode: "square", side: EDITOR_OUTPUT_SIDE },
};

/** The company logo's rules: JPEG or PNG, up to 5 MB, at least 256x256. */
export const logoRules: ImageRules = {
  maxBytes: LOGO_MAX_BYTES,
  tooLargeMessage: uploadMessages.logoTooLarge,
  accept: ["jpeg", "png"],
  wrongTypeMessage: uploadMessages.logoHint,
  minSide: { pixels: LOGO_MIN_SIDE, message: uploadMessages.logoHint },
  resize: { mode: "inside", side: 512 },
};

async function detectKind(data: Buffer): Promise<Kind | null> {
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  if (type.mime === "image/jpeg") return "jpeg";
  if (type.mime === "image/png") return "png";
  if (type.mime === "image/heic" || type.mime === "image/heif" || type.mime === "image/heic-sequence" || type.mime === "image/heif-sequence") return "heic";
  return null;
}

/** A File from a form is "empty" when no file was chosen (browsers send a nameless empty part). */
export const isFileChosen = (value: FormDataEntryValue | null | undefined): value is File => typeof value === "object" && value !== null && value.size > 0;

/**
 * Checks an uploaded image by its content (not its name), converts HEIC/HEIF to PNG, applies
 * the EXIF orientation, resizes and returns PNG bytes. Throws ImageUploadError with the
 * message to show; nothing is stored here.
 */
export async function processImageUpload(file: File | Buffer, rules: ImageRules): Promise<Buffer> {
  const size = Buffer.isBuffer(file) ? file.length : file.size;
  if (size > rules.maxBytes) throw new ImageUploadError(rules.tooLargeMessage);
  if (size === 0) throw new ImageUploadError(uploadMessages.failed);
  let data = Buffer.isBuffer(file) ? file : Buffer.from(await file.arrayBuffer());
  const kind = await detectKind(data);
  if (!kind || !rules.accept.includes(kind)) throw new ImageUploadError(rules.wrongTypeMessage);
  // The header's width x height decides, before any decoder sees the pixels.
  const declared = await readImageDimensions(data);
  if (!declared) throw new ImageUploadError(kind === "heic" ? uploadMessages.heicFailed : uploadMessages.failed);
  const tooManyPixels = pixelLimitError(declared);
  if (tooManyPixels) throw new ImageUploadError(tooManyPixels);
  if (kind === "heic") {
    try {
      data = await convertHeicInWorker(data);
    } catch {
      throw new ImageUploadError(uploadMessages.heicFailed);
    }
  }
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).timeout({ seconds: SHARP_TIMEOUT_SECONDS }).rotate();
    const meta = await image.metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    if (rules.minSide && (width < rules.minSide.pixels || height < rules.minSide.pixels)) throw new ImageUploadError(rules.minSide.message);
    const { side, mode } = rules.resize;
    const resized = mode === "square" ? image.resize(side, side, { fit: "cover", position: "centre" }) : image.resize(side, side, { fit: "inside", withoutEnlargement: true });
    return await resized.png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    if (error instanceof ImageUploadError) throw error;
    throw new ImageUploadError(uploadMessages.failed);
  }
}

/** Processes and stores an image for a company; returns the stored PNG. */
export async function storeImageUpload(input: { companyId: number; folder: string; file: File | Buffer; rules: ImageRules }): Promise<StoredFile> {
  const png = await processImageUpload(input.file, input.rules);
  return saveFile({ companyId: input.companyId, folder: input.folder, extension: "png", data: png });
}
