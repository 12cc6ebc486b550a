import { opendir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "~/db.server";
import { bookingRequestPhotos, jobLineItems, priceListItems } from "~/db/schema";
import { BOOKING_PHOTO_FOLDER } from "~/models/booking/submission.server";
import { LINE_ITEM_IMAGE_FOLDER } from "~/models/line-items/line-items.server";
import { PRICE_BOOK_IMAGE_FOLDER } from "~/models/price-book/price-book.server";
import { defineJob } from "~/services/queue.server";
import { deleteFile, fileUrl, parseKey, uploadsRoot } from "~/services/storage.server";

/** An image younger than this is kept even when nothing names it: its form may not be saved yet. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Folders whose images only job lines, price book items and booking requests point at. A booking
 * photo is stored when the public form's customer picks it (upload-question-image) and named by a
 * booking_request_photos row only once the request is sent: one never sent is unused.
 */
const FOLDERS = [LINE_ITEM_IMAGE_FOLDER, PRICE_BOOK_IMAGE_FOLDER, BOOKING_PHOTO_FOLDER];

/** Files checked against the database per query. */
const PAGE_SIZE = 500;

export type CleanupReport = { checked: number; removed: number };

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

/** Of these files of one company, the ones a job line, a price book item or a booking request still points at. */
async function usedKeys(companyId: number, keys: string[]): Promise<Set<string>> {
  const urls = keys.map(fileUrl);
  const [lines, items, photos] = await Promise.all([
    db
      .selectDistinct({ url: jobLineItems.imageUrl })
      .from(jobLineItems)
      .where(and(eq(jobLineItems.companyId, companyId), inArray(jobLineItems.imageUrl, urls))),
    db
      .selectDistinct({ url: priceListItems.imageUrl })
      .from(priceListItems)
      .where(and(eq(priceListItems.companyId, companyId), inArray(priceListItems.imageUrl, urls))),
    db
      .select({ key: bookingRequestPhotos.storageKey })
      .from(bookingRequestPhotos)
      .where(and(eq(bookingRequestPhotos.companyId, companyId), inArray(bookingRequestPhotos.storageKey, keys))),
  ]);
  const usedUrls = new Set([...lines, ...items].map((r) => r.url));
  return new Set([...keys.filter((key) => usedUrls.has(fileUrl(key))), ...photos.map((p) => p.key)]);
}

/** Deletes the files of one page that nothing points at; a file already gone (another instance) is fine. */
async function removeUnused(companyId: number, keys: string[]): Promise<number> {
  const used = await usedKeys(companyId, keys);
  const unused = keys.filter((key) => !used.has(key));
  for (const key of unused) await deleteFile(key);
  return unused.length;
}

/**
 * Removes uploaded line-item and price book images and booking photos that no job line, price book
 * item or booking request points at and that are older than the grace period. Walks the upload folders a page of files at a time
 * (never all rows, never all file names at once), so it is safe on a large store and safe to run
 * on several instances at once.
 */
export async function removeUnusedImages({
  now = Date.now(),
  graceMs = UNUSED_IMAGE_GRACE_MS,
  pageSize = PAGE_SIZE,
}: { now?: number; graceMs?: number; pageSize?: number } = {}): Promise<CleanupReport> {
  const root = uploadsRoot();
  const report: CleanupReport = { checked: 0, removed: 0 };
  let companies: string[];
  try {
    companies = (await readdir(root, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && /^\d+$/.test(d.name))
      .map((d) => d.name);
  } catch (error) {
    if (isMissing(error)) return report;
    throw error;
  }
  for (const company of companies) {
    const companyId = Number(company);
    for (const folder of FOLDERS) {
      let dir;
      try {
        dir = await opendir(path.join(root, company, folder));
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      let page: string[] = [];
      for await (const entry of dir) {
        if (!entry.isFile()) continue;
        const key = `${company}/${folder}/${entry.name}`;
        if (!parseKey(key)) continue;
        const modified = await stat(path.join(root, key)).then(
          (s) => s.mtimeMs,
          () => null,
        );
        if (modified === null || now - modified < graceMs) continue;
        page.push(key);
        if (page.length >= pageSize) {
          report.checked += page.length;
          report.removed += await removeUnused(companyId, page);
          page = [];
        }
      }
      if (page.length) {
        report.checked += page.length;
        report.removed += await removeUnused(companyId, page);
      }
    }
  }
  return report;
}

/** Daily at 04:35 UTC (pg-boss runs each slot once across instances). */
export const unusedImagesCleanupJob = defineJob(
  "remove-unused-images",
  async () => {
    await removeUnusedImages();
  },
  { cron: "35 4 * * *" },
);
