import sharp from "sharp";
import { z } from "zod";
import { db } from "~/db.server";
import { jobTimelineEvents } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { ActorType, TimelineEvent } from "~/models/jobs/jobs.schema";
import { canSeeJob } from "~/models/jobs/jobs.server";
import { RuleError } from "~/models/rules";
import { deleteFile, saveFile } from "~/services/storage.server";
import { optionalText } from "~/utils/validation";

/** A drawn signature's image, decoded: at most 200 KB, PNG or JPEG, re-encoded to PNG at most 1200 x 600. */
export const SIGNATURE_MAX_BYTES = 200_000;
/** Private storage folder (served only to the owning company). */
export const SIGNATURE_FOLDER = "signatures";
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** POST jobs/{id}/sign: the customer's typed name, a drawn signature (a data URL), or both. */
export const jobSignSchema = z
  .object({
    name: optionalText("Name", { max: 120 }),
    signature: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string()
        .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 40, "The signature image is too large (at most 200 KB)")
        .regex(DATA_URL, "The signature must be a PNG or JPEG data URL")
        .optional(),
    ),
  })
  .refine((v) => v.name || v.signature, { message: "Type a name or draw a signature", path: ["name"] });
export type JobSignInput = z.infer<typeof jobSignSchema>;

/**
 * Records the customer's signature on a job the caller can see (a field tech: their jobs): the drawn
 * image is checked by content and re-encoded (so nothing but pixels is kept), stored privately, and
 * a "Signed" timeline entry keeps the typed name and the image's URL. Null when the job is not
 * visible to the caller (404).
 */
export async function signJob(
  ctx: CallerContext,
  jobId: number,
  input: JobSignInput,
  now = new Date(),
): Promise<{ jobId: number; name: string | null; imageUrl: string | null; signedAt: string } | null> {
  if (!(await canSeeJob(ctx, jobId))) return null;
  let imageUrl: string | null = null;
  if (input.signature) {
    const data = Buffer.from(DATA_URL.exec(input.signature)![2], "base64");
    if (data.length > SIGNATURE_MAX_BYTES)
      throw new RuleError({ signature: "The signature image is too large (at most 200 KB)" });
    const png = await sharp(data, { limitInputPixels: 4000 * 4000 })
      .resize(1200, 600, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer()
      .catch(() => {
        throw new RuleError({ signature: "The signature is not a readable image" });
      });
    imageUrl = (await saveFile({ companyId: ctx.companyId, folder: SIGNATURE_FOLDER, extension: "png", data: png }))
      .url;
  }
  try {
    await db.insert(jobTimelineEvents).values({
      companyId: ctx.companyId,
      jobId,
      type: TimelineEvent.Signed,
      actorType: ActorType.Employee,
      actorUserId: ctx.userId,
      impersonatorUserId: ctx.impersonatorUserId ?? null,
      reason: input.name ?? null,
      data: { name: input.name ?? null, imageUrl },
      at: now,
    });
  } catch (error) {
    await deleteFile(imageUrl);
    throw error;
  }
  return { jobId, name: input.name ?? null, imageUrl, signedAt: now.toISOString() };
}
