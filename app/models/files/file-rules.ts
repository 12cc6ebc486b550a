/**
 * What the product accepts as a file, with the spec's limits and messages (part 1 section 5
 * "Uploads" and the error catalogue): attachments of customers and jobs, the image modal's images,
 * the company logo, and how many attachments a record may have. Plain data, free of server code,
 * so a screen can show the same limits the server applies.
 */

const MB = 1024 * 1024;

/** Attachments a customer, or one list of a job, may have in all (the spec names the rule, not the number). */
export const ATTACHMENT_LIMIT = 20;
export const IMAGE_MAX_BYTES = 10 * MB;
export const VIDEO_MAX_BYTES = 50 * MB;
export const DOCUMENT_MAX_BYTES = 10 * MB;
export const LOGO_MAX_BYTES = 5 * MB;
export const LOGO_MIN_SIDE = 256;
/** The image modal's recommended size: what the price book, jobs and estimates store. */
export const EDITOR_OUTPUT_SIDE = 400;

export const attachmentMessages = {
  imageSize: "The image file size cannot exceed 10 MB.",
  videoSize: "The video file size cannot exceed 50 MB.",
  fileSize: "The file size cannot exceed 10 MB.",
  maxCount: (n: number) => `Maximum ${n} attachment(s) can be uploaded.`,
  limitExceeded: "Attachment upload limit exceeded.",
  type: (name: string) =>
    `${name}: only images (jpeg, jpg, gif, png), videos (mp4, webm, mov, mkv) and documents (odt, ods, doc, docx, pdf, txt, xlsx, xls) can be attached.`,
} as const;

export const imageMessages = {
  imageTooLarge: attachmentMessages.imageSize,
  logoTooLarge: "The file size cannot exceed 5 MB.",
  logoHint: "At least 256x256px PNG or JPG file",
  failed: "Failed to upload image.",
  heicFailed: "Failed to convert HEIC image.",
  editorTypes: "Failed to upload image. Accepted types: jpeg, jpg, png, heic, heif.",
} as const;

/** An attachment's kind: images and videos, every other accepted file a document ("file"). */
export type AttachmentKind = "image" | "video" | "file";
export type FileLimit = { bytes: number; message: string };

export const attachmentSizeLimits: Record<AttachmentKind, FileLimit> = {
  image: { bytes: IMAGE_MAX_BYTES, message: attachmentMessages.imageSize },
  video: { bytes: VIDEO_MAX_BYTES, message: attachmentMessages.videoSize },
  file: { bytes: DOCUMENT_MAX_BYTES, message: attachmentMessages.fileSize },
};

/** The kind a file's name claims, for the size limit of a file whose first bytes tell nothing. */
export function attachmentKindByName(name: string): AttachmentKind {
  const ext = extensionOf(name);
  return ["mp4", "webm", "mov", "mkv"].includes(ext)
    ? "video"
    : ["jpg", "jpeg", "gif", "png"].includes(ext)
      ? "image"
      : "file";
}

export const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

/** The count rule of attachments, customers' and jobs' alike: the message when `adding` files do not fit beside `existing` ones. */
export function attachmentCountError(existing: number, adding: number): string | null {
  const remaining = ATTACHMENT_LIMIT - existing;
  if (remaining <= 0) return attachmentMessages.limitExceeded;
  return adding > remaining ? attachmentMessages.maxCount(remaining) : null;
}

/** The spec's size message when an attachment of this kind is too large, else null. */
export function attachmentSizeError(kind: AttachmentKind, size: number): string | null {
  return size > attachmentSizeLimits[kind].bytes ? attachmentSizeLimits[kind].message : null;
}

/** Image kinds the image uploads tell by content. */
export type ImageKind = "jpeg" | "png" | "heic";

export type ImageRules = {
  maxBytes: number;
  tooLargeMessage: string;
  accept: readonly ImageKind[];
  wrongTypeMessage: string;
  /** Smallest width and height accepted, with its message. */
  minSide?: { pixels: number; message: string };
  /** "square": centre-cropped to side x side; "inside": fits within side x side, never enlarged. */
  resize: { mode: "square" | "inside"; side: number };
};

/** The image modal's rules (employee photos, price book and line images): jpeg, jpg, png, heic, heif up to 10 MB, stored 400x400. */
export const editorImageRules: ImageRules = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLargeMessage: imageMessages.imageTooLarge,
  accept: ["jpeg", "png", "heic"],
  wrongTypeMessage: imageMessages.editorTypes,
  resize: { mode: "square", side: EDITOR_OUTPUT_SIDE },
};

/** Photos taken in the field (checklist answers, expense receipts): readable, so never cropped; up to 1600 px on the longest side. */
export const photoImageRules: ImageRules = {
  ...editorImageRules,
  resize: { mode: "inside", side: 1600 },
};

/** The company logo's rules: JPEG or PNG, up to 5 MB, at least 256x256. */
export const logoRules: ImageRules = {
  maxBytes: LOGO_MAX_BYTES,
  tooLargeMessage: imageMessages.logoTooLarge,
  accept: ["jpeg", "png"],
  wrongTypeMessage: imageMessages.logoHint,
  minSide: { pixels: LOGO_MIN_SIDE, message: imageMessages.logoHint },
  resize: { mode: "inside", side: 512 },
};
