import { and, count, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { db } from "~/db.server";
import { customerAttachments } from "~/db/schema";
import type { CallerContext } from "~/models/access.server";
import { customerExists, listCustomerAttachments, type CustomerAttachment } from "~/models/customers.server";
import { deleteFile, fileUrl, keyFromUrl, saveFile } from "~/services/storage.server";

/** Attachments a customer may have in all (part 1 section 5 "Uploads" names the rule, not the number). */
export const CUSTOMER_ATTACHMENT_LIMIT = 20;
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
  const type = await fileTypeFromBuffer(data);
  const ext = extensionOf(name);
  if (type) {
    if (BY_MIME[type.mime]) return BY_MIME[type.mime];
    if (type.mime === "application/x-cfb" && (ext === "doc" || ext === "xls")) return { kind: "file", extension: ext, contentType: ext === "doc" ? "application/msword" : "application/vnd.ms-excel" };
    return null;
  }
  if (ext === "txt" && !data.includes(0)) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(data);
      return { kind: "file", extension: "txt", contentType: "text/plain; charset=utf-8" };
    } catch {
      return null;
    }
  }
  return null;
}

const HEAD_BYTES = 64 * 1024;
const VIDEO_EXTENSIONS = new Set(["mp4", "webm", "mov", "mkv"]);
const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "gif", "png"]);

/**
 * The size message for an upload too large to read at all: the first file's kind, told from the
 * start of the body (its bytes, else its name), so a huge PDF is not told about videos.
 */
export async function oversizeMessage(request: Request): Promise<string> {
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  while (reader && read < HEAD_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    read += value.length;
  }
  await reader?.cancel().catch(() => undefined);
  const head = Buffer.concat(chunks);
  const part = /filename="([^"]*)"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(head.toString("latin1"));
  const name = part?.[1] ?? "";
  const detected = part ? await detectAttachment(name, head.subarray(part.index + part[0].length)) : null;
  const ext = extensionOf(name);
  const kind: Kind = detected?.kind ?? (VIDEO_EXTENSIONS.has(ext) ? "video" : IMAGE_EXTENSIONS.has(ext) ? "image" : "file");
  return SIZE_LIMITS[kind].message;
}

const SIZE_LIMITS: Record<Kind, { bytes: number; message: string }> = {
  image: { bytes: IMAGE_MAX_BYTES, message: uploadMessages.imageSize },
  video: { bytes: VIDEO_MAX_BYTES, message: uploadMessages.videoSize },
  file: { bytes: FILE_MAX_BYTES, message: uploadMessages.fileSize },
};

function sizeError(kind: Kind, size: number): string | null {
  return size > SIZE_LIMITS[kind].bytes ? SIZE_LIMITS[kind].message : null;
}

export type UploadResult = { attachments: CustomerAttachment[]; errors: string[] } | null;

/**
 * Stores several files for a customer. Oversize or unaccepted files are dropped with their
 * message and the rest kept; past the count limit nothing is stored. Null when the customer
 * is not the caller's.
 */
export async function addCustomerAttachments(ctx: CallerContext, customerId: number, files: { name: string; data: Buffer }[]): Promise<UploadResult> {
  if (!(await customerExists(ctx, customerId))) return null;
  const [{ n }] = await db.select({ n: count() }).from(customerAttachments).where(and(eq(customerAttachments.customerId, customerId), eq(customerAttachments.companyId, ctx.companyId)));
  const remaining = CUSTOMER_ATTACHMENT_LIMIT - n;
  if (remaining <= 0) return { attachments: [], errors: [uploadMessages.limitExceeded] };
  if (files.length > remaining) return { attachments: [], errors: [uploadMessages.maxCount(remaining)] };
  const errors: string[] = [];
  const accepted: { name: string; data: Buffer; detected: Detected }[] = [];
  for (const file of files) {
    const detected = await detectAttachment(file.name, file.data);
    if (!detected) {
      errors.push(uploadMessages.type(file.name));
      continue;
    }
    const tooBig = sizeError(detected.kind, file.data.length);
    if (tooBig) errors.push(tooBig);
    else accepted.push({ ...file, detected });
  }
  const saved = [];
  for (const file of accepted) {
    const stored = await saveFile({ companyId: ctx.companyId, folder: "customer-attachments", extension: file.detected.extension, data: file.data });
    saved.push({ companyId: ctx.companyId, customerId, storageKey: stored.key, fileName: file.name.slice(0, 255), contentType: file.detected.contentType, size: file.data.length, createdByUserId: ctx.userId });
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

/** Largest upload request read at all: the count limit times the largest file (videos). */
const MAX_REQUEST_BYTES = CUSTOMER_ATTACHMENT_LIMIT * VIDEO_MAX_BYTES;

/** Reads POST attachment's multipart body: customerId and files (also `file`); empty file inputs are ignored. */
export async function readAttachmentUpload(request: Request): Promise<{ customerId: number; files: { name: string; data: Buffer }[] } | { message: string }> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_REQUEST_BYTES) return { message: await oversizeMessage(request) };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { message: "The upload must be multipart/form-data with customerId and files." };
  }
  const customerId = Number(form.get("customerId"));
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return { message: "Customer Id is required" };
  const files = await attachmentFilesFrom(form);
  return "message" in files ? files : { customerId, files: files.files };
}

/** The chosen files of a form (`files`, also `file`); an empty file input posts an empty part, ignored here. */
export async function attachmentFilesFrom(form: FormData): Promise<{ files: { name: string; data: Buffer }[] } | { message: string }> {
  const entries = [...form.getAll("files"), ...form.getAll("file")].filter((f): f is File => typeof f === "object" && f !== null && "arrayBuffer" in f && f.size > 0);
  if (!entries.length) return { message: "Choose at least one file to upload." };
  return { files: await Promise.all(entries.map(async (f) => ({ name: f.name || "file", data: Buffer.from(await f.arrayBuffer()) }))) };
}
