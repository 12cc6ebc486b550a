import { and, count, eq } from "drizzle-orm";
import { fileTypeFromBuffer, fileTypeFromStream, type FileTypeResult } from "file-type";
import { db } from "~/db.server";
import { customerAttachments } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { customerExists, listCustomerAttachments, type CustomerAttachment } from "~/models/customers/customers.server";
import { pixelLimitError, readImageDimensions } from "~/services/image-dimensions.server";
import { deleteFile, fileUrl, keyFromUrl, saveUploadedFile } from "~/services/storage.server";
import type { DroppedFile, FileLimit } from "~/models/files/uploads.server";

/** Attachments a customer, or one list of a job, may have in all (part 1 section 5 "Uploads" names the rule, not the number). */
export const ATTACHMENT_LIMIT = 20;
const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * MB;
export const VIDEO_MAX_BYTES = 50 * MB;
export const FILE_MAX_BYTES = 10 * MB;

export const uploadMessages = {
  imageSize: "The image file size cannot exceed 10 MB.",
  videoSize: "The video file size cannot exceed 50 MB.",
  fileSize: "The file size cannot exceed 10 MB.",
  maxCount: (n: number) => `Maximum ${n} attachment(s) can be uploaded.`,
  limitExceeded: "Attachment upload limit exceeded.",
  type: (name: string) => `${name}: only images (jpeg, jpg, gif, png), videos (mp4, webm, mov, mkv) and documents (odt, ods, doc, docx, pdf, txt, xlsx, xls) can be attached.`,
} as const;

type Kind = "image" | "video" | "file";
type Detected = { kind: Kind; extension: string; contentType: string };

const BY_MIME: Record<string, Detected> = {
  "image/jpeg": { kind: "image", extension: "jpg", contentType: "image/jpeg" },
  "image/gif": { kind: "image", extension: "gif", contentType: "image/gif" },
  "image/png": { kind: "image", extension: "png", contentType: "image/png" },
  "video/mp4": { kind: "video", extension: "mp4", contentType: "video/mp4" },
  "video/webm": { kind: "video", extension: "webm", contentType: "video/webm" },
  "video/quicktime": { kind: "video", extension: "mov", contentType: "video/quicktime" },
  "video/x-matroska": { kind: "video", extension: "mkv", contentType: "video/x-matroska" },
  "application/pdf": { kind: "file", extension: "pdf", contentType: "application/pdf" },
  "application/vnd.oasis.opendocument.text": { kind: "file", extension: "odt", contentType: "application/vnd.oasis.opendocument.text" },
  "application/vnd.oasis.opendocument.spreadsheet": { kind: "file", extension: "ods", contentType: "application/vnd.oasis.opendocument.spreadsheet" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kind: "file", extension: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "file", extension: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
};

const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

/** What a file really is, judged by its bytes (the name only tells doc from xls inside an OLE container, and marks plain text). */
export async function detectAttachment(name: string, data: Buffer): Promise<Detected | null> {
  return classify(name, await fileTypeFromBuffer(data), async () => isUtf8Text([data]));
}

/** detectAttachment for an uploaded file (on disk): read only as far as the detection needs. */
export async function detectAttachmentFile(file: File): Promise<Detected | null> {
  return classify(file.name, await fileTypeFromStream(byteStream(file)), () => isUtf8Text(file.stream() as unknown as AsyncIterable<Uint8Array>));
}

/** The file as the byte stream file-type reads (each chunk copied: enqueuing into a byte stream takes over its buffer). */
function byteStream(file: File): ReadableStream<Uint8Array> {
  const reader = file.stream().getReader();
  return new ReadableStream({
    type: "bytes",
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        controller.byobRequest?.respond(0);
      } else controller.enqueue(new Uint8Array(value));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

async function classify(name: string, type: FileTypeResult | undefined, isText: () => Promise<boolean>): Promise<Detected | null> {
  const ext = extensionOf(name);
  if (type) {
    if (BY_MIME[type.mime]) return BY_MIME[type.mime];
    if (type.mime === "application/x-cfb" && (ext === "doc" || ext === "xls")) return { kind: "file", extension: ext, contentType: ext === "doc" ? "application/msword" : "application/vnd.ms-excel" };
    return null;
  }
  if (ext === "txt" && (await isText())) return { kind: "file", extension: "txt", contentType: "text/plain; charset=utf-8" };
  return null;
}

async function isUtf8Text(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of chunks) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "mov", "mkv"]);
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "gif", "png"]);

const SIZE_LIMITS: Record<Kind, FileLimit> = {
  image: { bytes: IMAGE_MAX_BYTES, message: uploadMessages.imageSize },
  video: { bytes: VIDEO_MAX_BYTES, message: uploadMessages.videoSize },
  file: { bytes: FILE_MAX_BYTES, message: uploadMessages.fileSize },
};

/**
 * The size limit of an attachment while it arrives: its kind told from its first bytes, else from its
 * name, so a huge PDF is not told about videos (the upload rule of customer and job attachments).
 */
export async function attachmentFileLimit(name: string, head: Buffer): Promise<FileLimit> {
  const detected = head.length ? await detectAttachment(name, head) : null;
  const ext = extensionOf(name);
  return SIZE_LIMITS[detected?.kind ?? (VIDEO_EXTENSIONS.has(ext) ? "video" : IMAGE_EXTENSIONS.has(ext) ? "image" : "file")];
}

/** The count rule of attachments, customers' and jobs' alike: the message when `adding` files do not fit beside `existing` ones. */
export function attachmentCountError(existing: number, adding: number): string | null {
  const remaining = ATTACHMENT_LIMIT - existing;
  if (remaining <= 0) return uploadMessages.limitExceeded;
  return adding > remaining ? uploadMessages.maxCount(remaining) : null;
}

/** The spec's size message when a file of this kind is too large, else null. */
export function attachmentSizeError(kind: Kind, size: number): string | null {
  return size > SIZE_LIMITS[kind].bytes ? SIZE_LIMITS[kind].message : null;
}

/** An image attachment is stored as it is, but browsers decode it: its header must be readable and within the pixel limit. */
export async function imageAttachmentError(name: string, data: Buffer): Promise<string | null> {
  const size = await readImageDimensions(data);
  return size ? pixelLimitError(size) : uploadMessages.type(name);
}

export type UploadResult = { attachments: CustomerAttachment[]; errors: string[] } | null;

/**
 * Stores several files for a customer (uploaded to disk by the upload helper, which left out the
 * oversize ones: `dropped`). Oversize or unaccepted files are dropped with their message and the rest
 * kept; past the count limit nothing is stored. Null when the customer is not the caller's.
 */
export async function addCustomerAttachments(ctx: CallerContext, customerId: number, files: File[], dropped: DroppedFile[] = []): Promise<UploadResult> {
  if (!(await customerExists(ctx, customerId))) return null;
  const [{ n }] = await db.select({ n: count() }).from(customerAttachments).where(and(eq(customerAttachments.customerId, customerId), eq(customerAttachments.companyId, ctx.companyId)));
  const countError = attachmentCountError(n, files.length + dropped.length);
  if (countError) return { attachments: [], errors: [countError] };
  const errors: string[] = [];
  const accepted: { file: File; name: string; detected: Detected }[] = [];
  for (const file of files) {
    const name = file.name || "file";
    const detected = await detectAttachmentFile(file);
    if (!detected) {
      errors.push(uploadMessages.type(name));
      continue;
    }
    const tooBig = attachmentSizeError(detected.kind, file.size) ?? (detected.kind === "image" ? await imageAttachmentError(name, Buffer.from(await file.arrayBuffer())) : null);
    if (tooBig) errors.push(tooBig);
    else accepted.push({ file, name, detected });
  }
  errors.push(...dropped.map((d) => d.message));
  const saved = [];
  for (const { file, name, detected } of accepted) {
    const stored = await saveUploadedFile({ companyId: ctx.companyId, folder: "customer-attachments", extension: detected.extension, file });
    saved.push({ companyId: ctx.companyId, customerId, storageKey: stored.key, fileName: name.slice(0, 255), contentType: detected.contentType, size: stored.size, createdByUserId: ctx.userId });
  }
  if (saved.length) await db.insert(customerAttachments).values(saved);
  const all = await listCustomerAttachments(ctx, customerId);
  const savedKeys = new Set(saved.map((s) => fileUrl(s.storageKey)));
  return { attachments: all.filter((a) => savedKeys.has(a.fileUrl)), errors: [...new Set(errors)] };
}

/** Deletes one attachment by its URL (DELETE attachment {customerId, fileUrl}); false when not found. */
export async function deleteCustomerAttachment(ctx: CallerContext, customerId: number, url: string): Promise<boolean> {
  const key = keyFromUrl(url);
  if (!key) return false;
  const deleted = await db
    .delete(customerAttachments)
    .where(and(eq(customerAttachments.storageKey, key), eq(customerAttachments.customerId, customerId), eq(customerAttachments.companyId, ctx.companyId)))
    .returning({ key: customerAttachments.storageKey });
  if (!deleted.length) return false;
  await deleteFile(key);
  return true;
}

/** POST attachment's form (read by the upload helper): customerId and files (also `file`). */
export function attachmentUploadFrom(form: FormData, dropped: DroppedFile[]): { customerId: number; files: File[] } | { message: string } {
  const customerId = Number(form.get("customerId"));
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return { message: "Customer Id is required" };
  const files = attachmentFilesFrom(form, dropped);
  return "message" in files ? files : { customerId, files: files.files };
}

/** The chosen files of a form (`files`, also `file`); an empty file input posts an empty part, ignored here. */
export function attachmentFilesFrom(form: FormData, dropped: DroppedFile[]): { files: File[] } | { message: string } {
  const entries = [...form.getAll("files"), ...form.getAll("file")].filter((f): f is File => typeof f === "object" && f !== null && f.size > 0);
  if (!entries.length && !dropped.length) return { message: "Choose at least one file to upload." };
  return { files: entries };
}
