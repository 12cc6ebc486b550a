import sharp from "sharp";
import { z } from "zod";
import { RuleError } from "~/models/rules";
import { saveFile } from "~/services/storage.server";

/** A drawn signature's image, decoded: at most 200 KB, PNG or JPEG, re-encoded to PNG at most 1200 x 600. */
export const SIGNATURE_MAX_BYTES = 200_000;
/** Private storage folder (served only to the owning company). */
export const SIGNATURE_FOLDER = "signatures";
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const TOO_LARGE = "The signature image is too large (at most 200 KB)";

/** A drawn signature as posted: a PNG or JPEG data URL, or nothing (blank and null are nothing). */
export const signatureDataUrlField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 40, TOO_LARGE)
    .regex(DATA_URL, "The signature must be a PNG or JPEG data URL")
    .optional(),
);

/**
 * Checks a signature data URL by content and re-encodes it (so nothing but pixels is kept), then
 * stores it in the company's private signatures folder; returns its URL. A RuleError on `field`
 * when it is too large or not a readable image.
 */
export async function storeSignatureImage(companyId: number, dataUrl: string, field = "signature"): Promise<string> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new RuleError({ [field]: "The signature must be a PNG or JPEG data URL" });
  const data = Buffer.from(match[2], "base64");
  if (data.length > SIGNATURE_MAX_BYTES) throw new RuleError({ [field]: TOO_LARGE });
  const png = await sharp(data, { limitInputPixels: 4000 * 4000 })
    .resize(1200, 600, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => {
      throw new RuleError({ [field]: "The signature is not a readable image" });
    });
  return (await saveFile({ companyId, folder: SIGNATURE_FOLDER, extension: "png", data: png })).url;
}
