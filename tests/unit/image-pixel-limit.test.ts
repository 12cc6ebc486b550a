import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { imageAttachmentError } from "~/models/files/detect.server";
import { editorImageRules, imageMessages, logoRules } from "~/models/files/file-rules";
import * as heicWorker from "~/services/heic-worker.server";
import { convertHeicInWorker, HeicConversionError } from "~/services/heic-worker.server";
import {
  heifDimensions,
  MAX_IMAGE_PIXELS,
  pixelLimitMessage,
  readImageDimensions,
} from "~/services/image-dimensions.server";
import { processImageUpload } from "~/services/images.server";
import { heicBomb, heicFixture, heicGridBomb, pngBomb } from "../helpers/image-bombs";

const TOO_MANY_PIXELS = "The image cannot exceed 40 megapixels (for example 8000x5000 pixels).";

beforeAll(() => {
  process.env.UPLOADS_DIR = mkdtempSync(path.join(tmpdir(), "uploads-"));
});

describe("image headers", () => {
  it("reads the size a PNG bomb declares without decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await readImageDimensions(bomb)).toEqual({ width: 20_000, height: 20_000 });
  });

  it("reads a HEIC's size from its ispe property and from its grid", async () => {
    // The largest size declared counts: this photo's one tile is coded 64x64 for its 64x48 grid.
    expect(heifDimensions(heicFixture("teal-64x48.heic"))).toEqual({ width: 64, height: 64 });
    expect(heifDimensions(heicFixture("teal-4032x3024.heic"))).toEqual({ width: 4032, height: 3024 });
    expect(heifDimensions(heicBomb(100_000, 90_000))).toEqual({ width: 100_000, height: 90_000 });
    // The grid's output size counts even when the ispe property understates it.
    expect(heifDimensions(heicGridBomb(60_000, 60_000))).toEqual({ width: 60_000, height: 60_000 });
  });

  it("reads JPEG, WebP and GIF sizes through sharp's header reader", async () => {
    for (const format of ["jpeg", "webp", "gif"] as const) {
      const data = await sharp({ create: { width: 321, height: 123, channels: 3, background: "#3AC09D" } })
        [format]()
        .toBuffer();
      expect(await readImageDimensions(data)).toEqual({ width: 321, height: 123 });
    }
  });

  it("gets through thousands of corrupted containers in moments (no runaway loop)", () => {
    const original = heicFixture("teal-64x48.heic");
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const started = Date.now();
    for (let run = 0; run < 3000; run++) {
      const data = Buffer.from(original);
      for (let i = 0; i < 1 + (run % 8); i++) data[Math.floor(random() * data.length)] = Math.floor(random() * 256);
      const size = heifDimensions(data);
      if (size) expect(Number.isInteger(size.width * size.height)).toBe(true);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("gives nothing for a truncated or foreign container", async () => {
    expect(heifDimensions(heicFixture("teal-64x48.heic").subarray(0, 40))).toBeNull();
    expect(await readImageDimensions(Buffer.from("not an image at all"))).toBeNull();
  });
});

describe("the pixel limit on uploads", () => {
  it("refuses a 20000x20000 PNG of a few KB with the field message, for the image modal and the logo", async () => {
    const decode = vi.spyOn(sharp.prototype, "toBuffer");
    await expect(processImageUpload(pngBomb(), editorImageRules)).rejects.toThrow(TOO_MANY_PIXELS);
    await expect(processImageUpload(pngBomb(), logoRules)).rejects.toThrow(TOO_MANY_PIXELS);
    expect(decode).not.toHaveBeenCalled();
    expect(pixelLimitMessage).toBe(TOO_MANY_PIXELS);
  });

  it("refuses a crafted HEIC before the converter runs", async () => {
    const convert = vi.spyOn(heicWorker, "convertHeicInWorker");
    await expect(processImageUpload(heicBomb(), editorImageRules)).rejects.toThrow(TOO_MANY_PIXELS);
    await expect(processImageUpload(heicGridBomb(), editorImageRules)).rejects.toThrow(TOO_MANY_PIXELS);
    expect(convert).not.toHaveBeenCalled();
  });

  it("takes an image right at the limit's edge and refuses one pixel row more", async () => {
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    await expect(processImageUpload(pngBomb(side, side), editorImageRules)).resolves.toBeInstanceOf(Buffer);
    await expect(
      processImageUpload(pngBomb(side, Math.ceil(MAX_IMAGE_PIXELS / side) + 1), editorImageRules),
    ).rejects.toThrow(TOO_MANY_PIXELS);
  });

  it("holds image attachments, stored as they are, to the same limit", async () => {
    expect(await imageAttachmentError("bomb.png", pngBomb())).toBe(TOO_MANY_PIXELS);
    const gif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3AC09D" } })
      .gif()
      .toBuffer();
    expect(await imageAttachmentError("photo.gif", gif)).toBeNull();
    expect(await imageAttachmentError("broken.png", pngBomb().subarray(0, 20))).toMatch(/^broken\.png: only images/);
  });

  it("converts a real HEIC in a worker into the 400x400 PNG", async () => {
    const png = await processImageUpload(heicFixture("teal-64x48.heic"), editorImageRules);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 400, height: 400 });
  });
});

describe("the HEIC worker", () => {
  it("converts off the main thread: the event loop keeps turning during a 12 MP conversion", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    const png = await convertHeicInWorker(heicFixture("teal-4032x3024.heic"));
    const elapsed = Date.now() - started;
    clearInterval(timer);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 4032, height: 3024 });
    // On the main thread the loop would stand still for the whole conversion.
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });

  it("ends a conversion that overruns its time limit", async () => {
    const started = Date.now();
    await expect(convertHeicInWorker(heicFixture("teal-4032x3024.heic"), { timeoutMs: 50 })).rejects.toBeInstanceOf(
      HeicConversionError,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    // The next conversion is not held up by the one that was ended.
    const png = await convertHeicInWorker(heicFixture("teal-64x48.heic"));
    expect(await sharp(png).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it("reports a file it cannot decode as a failed conversion", async () => {
    await expect(processImageUpload(heicBomb(64, 48), editorImageRules)).rejects.toThrow(imageMessages.heicFailed);
  });
});
