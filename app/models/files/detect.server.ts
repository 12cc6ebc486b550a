import { fileTypeFromBuffer, fileTypeFromStream, type FileTypeResult } from "file-type";
import { pixelLimitError, readImageDimensions } from "~/services/image-dimensions.server";
import {
  attachmentKindByName,
  attachmentMessages,
  attachmentSizeError,
  attachmentSizeLimits,
  extensionOf,
  type AttachmentKind,
  type FileLimit,
  type ImageKind,
} from "~/models/files/file-rules";

/**
 * What a file really is, judged by its bytes (file-type), never by the name it came with: the name
 * only tells doc from xls inside an OLE container, and marks plain text.
 */
export type DetectedFile = { kind: AttachmentKind; extension: string; contentType: string };

const BY_MIME: Record<string, DetectedFile> = {
  "image/jpeg": { kind: "image", extension: "jpg", contentType: "image/jpeg" },
  "image/gif": { kind: "image", extension: "gif", contentType: "image/gif" },
  "image/png": { kind: "image", extension: "png", contentType: "image/png" },
  "video/mp4": { kind: "video", extension: "mp4", contentType: "video/mp4" },
  "video/webm": { kind: "video", extension: "webm", contentType: "video/webm" },
  "video/quicktime": { kind: "video", extension: "mov", contentType: "video/quicktime" },
  "video/x-matroska": { kind: "video", extension: "mkv", contentType: "video/x-matroska" },
  "application/pdf": { kind: "file", extension: "pdf", contentType: "application/pdf" },
  "application/vnd.oasis.opendocument.text": {
    kind: "file",
    extension: "odt",
    contentType: "application/vnd.oasis.opendocument.text",
  },
  "application/vnd.oasis.opendocument.spreadsheet": {
    kind: "file",
    extension: "ods",
    contentType: "application/vnd.oasis.opendocument.spreadsheet",
  },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    kind: "file",
    extension: "docx",
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
    kind: "file",
    extension: "xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
};

/** An attachment's kind, extension and type from its bytes, or null when it is not one the spec accepts. */
export async function detectAttachment(name: string, data: Buffer): Promise<DetectedFile | null> {
  return classify(name, await fileTypeFromBuffer(data), async () => isUtf8Text([data]));
}

/** detectAttachment for an uploaded file (on disk): read only as far as the detection needs. */
export async function detectAttachmentFile(file: File): Promise<DetectedFile | null> {
  return classify(file.name, await fileTypeFromStream(byteStream(file)), () =>
    isUtf8Text(file.stream() as unknown as AsyncIterable<Uint8Array>),
  );
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

async function classify(
  name: string,
  type: FileTypeResult | undefined,
  isText: () => Promise<boolean>,
): Promise<DetectedFile | null> {
  const ext = extensionOf(name);
  if (type) {
    if (BY_MIME[type.mime]) return BY_MIME[type.mime];
    if (type.mime === "application/x-cfb" && (ext === "doc" || ext === "xls"))
      return {
        kind: "file",
        extension: ext,
        contentType: ext === "doc" ? "application/msword" : "application/vnd.ms-excel",
      };
    return null;
  }
  if (ext === "txt" && (await isText()))
    return { kind: "file", extension: "txt", contentType: "text/plain; charset=utf-8" };
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

/** The image kind of an image upload (image modal, logo) by its bytes; HEIC and HEIF alike. */
export async function detectImageKind(data: Buffer): Promise<ImageKind | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  if (type.mime === "image/jpeg") return "jpeg";
  if (type.mime === "image/png") return "png";
  if (
    type.mime === "image/heic" ||
    type.mime === "image/heif" ||
    type.mime === "image/heic-sequence" ||
    type.mime === "image/heif-sequence"
  )
    return "heic";
  return null;
}

/**
 * The size limit of an attachment while it arrives: its kind told from its first bytes, else from its
 * name, so a huge PDF is not told about videos (the upload rule of customer and job attachments).
 */
export async function attachmentFileLimit(name: string, head: Buffer): Promise<FileLimit> {
  const detected = head.length ? await detectAttachment(name, head) : null;
  return attachmentSizeLimits[detected?.kind ?? attachmentKindByName(name)];
}

/** An image attachment is stored as it is, but browsers decode it: its header must be readable and within the pixel limit. */
export async function imageAttachmentError(name: string, data: Buffer): Promise<string | null> {
  const size = await readImageDimensions(data);
  return size ? pixelLimitError(size) : attachmentMessages.type(name);
}

/**
 * One uploaded attachment (customer's or job's) checked by content: an accepted kind, within its size
 * limit, and an image's header readable within the pixel limit. The spec's message when refused.
 */
export async function checkAttachment(
  file: File,
): Promise<{ name: string; detected: DetectedFile } | { name: string; refusal: string }> {
  const name = file.name || "file";
  const detected = await detectAttachmentFile(file);
  if (!detected) return { name, refusal: attachmentMessages.type(name) };
  const refusal =
    attachmentSizeError(detected.kind, file.size) ??
    (detected.kind === "image" ? await imageAttachmentError(name, Buffer.from(await file.arrayBuffer())) : null);
  return refusal ? { name, refusal } : { name, detected };
}
