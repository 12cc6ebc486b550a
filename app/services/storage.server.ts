import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import path from "node:path";
import { env } from "~/server/env.server";

/**
 * File storage: a local disk folder (UPLOADS_DIR, else DATA_DIR/uploads). Keys look like
 * `<companyId>/<folder>/<random>.<ext>`; the company id in the key is what the serving route
 * checks, and the random part makes the URL unguessable. Which files are accepted, and whose a URL
 * names, are the files model's rules (app/models/files).
 */
export type StoredFile = { key: string; url: string; contentType: string; size: number };

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mkv: "video/x-matroska",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
};

export const FILES_URL_PREFIX = "/files/";

export function uploadsRoot(): string {
  const config = env();
  return path.resolve(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, "uploads"));
}

const KEY_PATTERN = /^(\d+)\/([a-z0-9-]+)\/([A-Za-z0-9_-]{16,64})\.([a-z0-9]{1,5})$/;

/** The parts of a valid key, or null (also refuses anything that could leave the folder). */
export function parseKey(key: string): { companyId: number; folder: string; extension: string } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return { companyId: Number(match[1]), folder: match[2], extension: match[4] };
}

export const contentTypeFor = (extension: string) => CONTENT_TYPES[extension] ?? "application/octet-stream";

/** Where a new file of a company goes: its folder (logos, attachments) and extension. */
type NewFile = { companyId: number; folder: string; extension: string };

/** A new random key in a company's folder, and the path on disk to write it to (its folder made). */
async function newFileTarget(input: NewFile) {
  const key = `${input.companyId}/${input.folder}/${randomBytes(18).toString("base64url")}.${input.extension}`;
  if (!parseKey(key)) throw new Error(`Invalid storage key ${key}`);
  const target = path.join(uploadsRoot(), key);
  await mkdir(path.dirname(target), { recursive: true });
  return { key, target };
}

const storedFile = (key: string, extension: string, size: number): StoredFile => ({
  key,
  url: fileUrl(key),
  contentType: contentTypeFor(extension),
  size,
});

/** Stores bytes for a company; the caller has already checked type and size by content. */
export async function saveFile(input: NewFile & { data: Buffer }): Promise<StoredFile> {
  const { key, target } = await newFileTarget(input);
  await writeFile(target, input.data);
  return storedFile(key, input.extension, input.data.length);
}

/**
 * Stores an uploaded file for a company; the caller has already checked type and size by content.
 * The bytes are streamed into place (an upload's File is read from its temporary file on disk).
 */
export async function saveUploadedFile(input: NewFile & { file: File }): Promise<StoredFile> {
  const { key, target } = await newFileTarget(input);
  try {
    await pipeline(
      Readable.fromWeb(input.file.stream() as NodeReadableStream<Uint8Array>),
      createWriteStream(target, { flags: "wx" }),
    );
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return storedFile(key, input.extension, input.file.size);
}

export async function readStoredFile(key: string): Promise<{ data: Buffer; contentType: string } | null> {
  const parts = parseKey(key);
  if (!parts) return null;
  try {
    return { data: await readFile(path.join(uploadsRoot(), key)), contentType: contentTypeFor(parts.extension) };
  } catch {
    return null;
  }
}

/** Deletes a stored file by key or by its URL; unknown keys are ignored. */
export async function deleteFile(keyOrUrl: string | null | undefined): Promise<void> {
  const key = keyOrUrl ? (keyFromUrl(keyOrUrl) ?? keyOrUrl) : null;
  if (!key || !parseKey(key)) return;
  await rm(path.join(uploadsRoot(), key), { force: true });
}

export const fileUrl = (key: string) => `${FILES_URL_PREFIX}${key}`;

/** The key of a URL this adapter produced, or null for outside URLs. */
export function keyFromUrl(url: string): string | null {
  const pathname = url.startsWith("http") ? new URL(url).pathname : url;
  if (!pathname.startsWith(FILES_URL_PREFIX)) return null;
  const key = pathname.slice(FILES_URL_PREFIX.length);
  return parseKey(key) ? key : null;
}
