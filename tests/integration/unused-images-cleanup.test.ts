import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, executeSql } from "~/db.server";
import {
  bookingRequestPhotos,
  bookingRequests,
  jobLineItems,
  jobs,
  priceListCategories,
  priceListItems,
} from "~/db/schema";
import { BOOKING_PHOTO_FOLDER, storeBookingPhoto } from "~/models/booking/submission.server";
import { removeUnusedImages, unusedImagesCleanupJob } from "~/models/files/unused-images-cleanup.server";
import { startQueue, stopQueue } from "~/services/queue.server";
import { keyFromUrl, saveFile, uploadsRoot, type StoredFile } from "~/services/storage.server";
import { createCustomerRow } from "./jobs/fixtures";
import { createTestCompany } from "../helpers/factories";
import { solidImage } from "../helpers/solid-image";
import { useTestDatabase } from "../helpers/db";

const uploads = mkdtempSync(path.join(tmpdir(), "cleanup-uploads-"));
process.env.UPLOADS_DIR = uploads;

useTestDatabase();
afterAll(stopQueue);

const DAY = 24 * 60 * 60 * 1000;
const onDisk = (file: StoredFile) => existsSync(path.join(uploads, file.key));

/** A stored PNG-named file, its modification time set `age` ms in the past. */
async function upload(companyId: number, folder: string, age: number): Promise<StoredFile> {
  const file = await saveFile({ companyId, folder, extension: "png", data: Buffer.from("png bytes") });
  const when = new Date(Date.now() - age);
  await utimes(path.join(uploads, file.key), when, when);
  return file;
}

async function jobWithLineImage(companyId: number, imageUrl: string) {
  const customerId = await createCustomerRow(companyId, "Grace", "Hopper");
  const [job] = await db
    .insert(jobs)
    .values({ companyId, customerId, timezone: "America/New_York", publicToken: `token-${Math.random()}` })
    .returning({ id: jobs.id });
  await db
    .insert(jobLineItems)
    .values({ companyId, jobId: job.id, name: "Faucet", unitPriceCents: 100, amountCents: 100, imageUrl });
}

async function priceBookItemWithImage(companyId: number, imageUrl: string) {
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId, categoryName: `Parts ${Math.random()}`, type: 0 })
    .returning({ id: priceListCategories.id });
  await db
    .insert(priceListItems)
    .values({ companyId, categoryId: category.id, name: "Valve", priceCents: 500, itemType: 0, imageUrl });
}

describe("removal of unused line-item and price book images", () => {
  let companyId: number;
  beforeAll(async () => {
    expect(uploadsRoot()).toBe(path.resolve(uploads));
    companyId = (await createTestCompany()).companyId;
  });

  it("keeps referenced and fresh images, removes old unreferenced ones, and runs again safely", async () => {
    const usedByLine = await upload(companyId, "line-items", 3 * DAY);
    const usedByItem = await upload(companyId, "price-book", 3 * DAY);
    const itemImageOnALine = await upload(companyId, "price-book", 3 * DAY);
    const fresh = await upload(companyId, "line-items", DAY / 2);
    const abandoned = await upload(companyId, "line-items", 2 * DAY);
    const abandonedItemImage = await upload(companyId, "price-book", 2 * DAY);
    const logo = await upload(companyId, "logos", 30 * DAY);
    const attachment = await upload(companyId, "customer-attachments", 30 * DAY);
    await jobWithLineImage(companyId, usedByLine.url);
    await jobWithLineImage(companyId, itemImageOnALine.url);
    await priceBookItemWithImage(companyId, usedByItem.url);
    // Another company naming this file does not keep it: URLs are only ever checked within their company.
    const other = await createTestCompany();
    await jobWithLineImage(other.companyId, abandoned.url);
    // A file that is not a stored upload is never touched.
    const stray = path.join(uploads, String(companyId), "line-items", "notes.txt");
    writeFileSync(stray, "kept");
    await utimes(stray, new Date(0), new Date(0));

    const report = await removeUnusedImages({ pageSize: 2 });
    expect(report).toEqual({ checked: 5, removed: 2 });
    expect([usedByLine, usedByItem, itemImageOnALine, fresh, logo, attachment].map(onDisk)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([abandoned, abandonedItemImage].map(onDisk)).toEqual([false, false]);
    expect(existsSync(stray)).toBe(true);

    // Two instances at once: the abandoned file goes once, the other run finds it gone and does not fail.
    const late = await upload(companyId, "line-items", 2 * DAY);
    const runs = await Promise.all([removeUnusedImages(), removeUnusedImages()]);
    expect(onDisk(late)).toBe(false);
    for (const run of runs) expect(run.checked).toBeGreaterThanOrEqual(3);
    expect(await removeUnusedImages()).toEqual({ checked: 3, removed: 0 });
    // Once the fresh image is past the grace period and still unused, it goes too.
    expect(await removeUnusedImages({ now: Date.now() + DAY })).toEqual({ checked: 4, removed: 1 });
    expect(onDisk(fresh)).toBe(false);
  });

  it("removes booking photos uploaded on the public form but never sent, after a day", async () => {
    const { companyId: owner } = await createTestCompany();
    /** A photo as upload-question-image stores it, its file `age` ms old. */
    const picked = async (age: number) => {
      const key = keyFromUrl(await storeBookingPhoto(owner, await solidImage(40, 30)))!;
      const when = new Date(Date.now() - age);
      await utimes(path.join(uploads, key), when, when);
      return key;
    };
    const sent = await picked(3 * DAY);
    const neverSent = await picked(2 * DAY);
    const stillFilling = await picked(DAY / 2);
    expect(sent.startsWith(`${owner}/${BOOKING_PHOTO_FOLDER}/`)).toBe(true);
    const [request] = await db
      .insert(bookingRequests)
      .values({
        companyId: owner,
        startTime: new Date(),
        endTime: new Date(Date.now() + 3600_000),
        timezone: "America/New_York",
        firstName: "Ada",
        location: "1 Main St",
        submissionKey: `key-${Math.random()}`,
      })
      .returning({ id: bookingRequests.id });
    await db.insert(bookingRequestPhotos).values({
      companyId: owner,
      requestId: request.id,
      storageKey: sent,
      fileUrl: `/files/${sent}`,
      fileName: "photo-1.png",
      contentType: "image/png",
      sizeBytes: 67,
    });
    const exists = (key: string) => existsSync(path.join(uploads, key));

    await removeUnusedImages();
    expect([sent, neverSent, stillFilling].map(exists)).toEqual([true, false, true]);
    // The form left open for more than a day: its photo goes too; the sent one stays.
    await removeUnusedImages({ now: Date.now() + DAY });
    expect([sent, stillFilling].map(exists)).toEqual([true, false]);
  });

  it("runs as a daily job on the app's queue", async () => {
    const abandoned = await upload(companyId, "line-items", 2 * DAY);
    await startQueue();
    const rows = await executeSql<{ name: string; cron: string }>(
      "select name, cron from pgboss.schedule order by name",
    );
    expect(rows).toContainEqual({ name: "remove-unused-images", cron: "35 4 * * *" });
    await unusedImagesCleanupJob.send({});
    const deadline = Date.now() + 25_000;
    while (onDisk(abandoned) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(onDisk(abandoned)).toBe(false);
  });
});
