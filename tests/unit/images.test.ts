import { mkdtempSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { editorImageRules, imageMessages, logoRules } from "~/models/files/file-rules";
import { processImageUpload, storeImageUpload } from "~/services/images.server";
import { deleteFile, keyFromUrl, parseKey, readStoredFile } from "~/services/storage.server";

const image = (width: number, height: number, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width, height, channels: 3, background: "#3AC09D" } })
    [format]()
    .toBuffer();

const asFile = (data: Buffer, name: string, type: string) => new File([new Uint8Array(data)], name, { type });

let uploads: string;
beforeAll(() => {
  uploads = mkdtempSync(path.join(tmpdir(), "uploads-"));
  process.env.UPLOADS_DIR = uploads;
});

describe("processImageUpload", () => {
  it("turns a JPEG into a 400x400 PNG for the image modal", async () => {
    const png = await processImageUpload(
      asFile(await image(1200, 800, "jpeg"), "photo.jpg", "image/jpeg"),
      editorImageRules,
    );
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 400, 400]);
  });

  it("checks the content, not the name", async () => {
    const fake = asFile(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo.png", "image/png");
    await expect(processImageUpload(fake, editorImageRules)).rejects.toThrow(imageMessages.editorTypes);
    await expect(processImageUpload(fake, logoRules)).rejects.toThrow("At least 256x256px PNG or JPG file");
  });

  it("refuses oversize files with the spec's messages", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    await expect(processImageUpload(big, editorImageRules)).rejects.toThrow("The image file size cannot exceed 10 MB.");
    await expect(processImageUpload(Buffer.alloc(5242881), logoRules)).rejects.toThrow(
      "The file size cannot exceed 5 MB.",
    );
  });

  it("refuses a logo smaller than 256x256 and keeps a wide logo's shape", async () => {
    await expect(processImageUpload(await image(255, 400), logoRules)).rejects.toThrow(
      "At least 256x256px PNG or JPG file",
    );
    const wide = await sharp(await processImageUpload(await image(1024, 256), logoRules)).metadata();
    expect([wide.width, wide.height]).toEqual([512, 128]);
  });
});

describe("storage", () => {
  it("stores a PNG under the company's folder and reads it back by URL", async () => {
    const stored = await storeImageUpload({
      companyId: 7,
      folder: "price-book",
      file: await image(500, 500),
      rules: editorImageRules,
    });
    expect(stored.url).toMatch(/^\/files\/7\/price-book\/[\w-]+\.png$/);
    const key = keyFromUrl(stored.url)!;
    expect(parseKey(key)).toEqual({ companyId: 7, folder: "price-book", extension: "png" });
    expect((await readStoredFile(key))?.contentType).toBe("image/png");
    await deleteFile(stored.url);
    expect(await readStoredFile(key)).toBeNull();
    expect(parseKey("7/price-book/../../etc/passwd")).toBeNull();
  });

  it("stores nothing when the upload is refused", async () => {
    await expect(
      storeImageUpload({ companyId: 8, folder: "logos", file: await image(100, 100), rules: logoRules }),
    ).rejects.toThrow();
    expect(await readdir(uploads)).not.toContain("8");
  });
});
