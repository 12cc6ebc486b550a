import {
  IMPORT_MAX_BYTES as CUSTOMERS_CSV_MAX_BYTES,
  IMPORT_TOO_LARGE as CUSTOMERS_CSV_TOO_LARGE,
} from "~/models/customers/customers-import.server";
import {
  IMPORT_MAX_BYTES as PRICE_BOOK_CSV_MAX_BYTES,
  importMessages as priceBookCsvMessages,
} from "~/models/price-book/price-book-csv.server";
import { attachmentFileLimit } from "~/models/files/detect.server";
import {
  ATTACHMENT_LIMIT,
  attachmentMessages,
  IMAGE_MAX_BYTES,
  imageMessages,
  LOGO_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from "~/models/files/file-rules";
import type { FileLimit } from "~/models/files/file-rules";

/**
 * Uploads: a multipart body is streamed to disk within its rule (app/http/uploads.server.ts).
 */
export type UploadRule = {
  /** The largest one file may be and the message past it, told from its name and first bytes (up to 64 KB). */
  fileLimit: (name: string, head: Buffer) => FileLimit | Promise<FileLimit>;
  /** Files one request may carry (an empty file input is not one), and the message past it. */
  maxFiles: { count: number; message: string };
  /** "refuse": an oversize file refuses the request with its message; "drop": it is left out, reported, and the others kept. */
  oversize: "refuse" | "drop";
  /** The whole body: files, fields and the multipart envelope. */
  maxBytes: number;
};

export type DroppedFile = { name: string; message: string };

/** Room for a form's other fields and the multipart envelope around its files. */
const ENVELOPE_BYTES = 1024 * 1024;

const oneFile = (bytes: number, message: string): UploadRule => ({
  fileLimit: () => ({ bytes, message }),
  maxFiles: { count: 1, message: "Upload one file at a time." },
  oversize: "refuse",
  maxBytes: bytes + ENVELOPE_BYTES,
});

/**
 * Every upload of the product, with the spec's limits and messages (part 1 section 5 "Uploads"),
 * applied while the body streams to disk (app/http/uploads.server). A route names its entry when it
 * reads its form with withUploadForm; every other body stays within the server's 1 MB.
 */
export const uploadRules = {
  /** The customer profile's attachments (screen and API): several per post; an oversize file is left out with its message, the others kept. */
  customerAttachments: {
    fileLimit: attachmentFileLimit,
    maxFiles: { count: ATTACHMENT_LIMIT, message: attachmentMessages.maxCount(ATTACHMENT_LIMIT) },
    oversize: "drop",
    maxBytes: ATTACHMENT_LIMIT * VIDEO_MAX_BYTES + ENVELOPE_BYTES,
  },
  /** A job's attachments and current-state files (screen and API): one per call, as the spec's API has it. */
  jobAttachment: {
    fileLimit: attachmentFileLimit,
    maxFiles: { count: 1, message: "Upload one file per call." },
    oversize: "refuse",
    maxBytes: VIDEO_MAX_BYTES + ENVELOPE_BYTES,
  },
  /** The company logo (profile screen, PUT /api/company, PATCH /api/company/logo). */
  logo: oneFile(LOGO_MAX_BYTES, imageMessages.logoTooLarge),
  /** The image modal's uploads: employee photos, price book item and line-item images. */
  image: oneFile(IMAGE_MAX_BYTES, imageMessages.imageTooLarge),
  /** Customers import (screen and API). */
  customersCsv: oneFile(CUSTOMERS_CSV_MAX_BYTES, CUSTOMERS_CSV_TOO_LARGE),
  /** Price book import (screen and API). */
  priceBookCsv: oneFile(PRICE_BOOK_CSV_MAX_BYTES, priceBookCsvMessages.tooLarge),
} satisfies Record<string, UploadRule>;
