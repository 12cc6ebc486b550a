import { z } from "zod";
import { db } from "~/db.server";
import { jobTimelineEvents } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { ActorType, TimelineEvent } from "~/models/jobs/jobs.schema";
import { canSeeJob } from "~/models/jobs/jobs.server";
import { signatureDataUrlField, storeSignatureImage } from "~/models/signatures/signature-image.server";
import { deleteFile } from "~/services/storage.server";
import { optionalText } from "~/utils/validation";

/** POST jobs/{id}/sign: the customer's typed name, a drawn signature (a data URL), or both. */
export const jobSignSchema = z
  .object({
    name: optionalText("Name", { max: 120 }),
    signature: signatureDataUrlField,
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
  const imageUrl = input.signature ? await storeSignatureImage(ctx.companyId, input.signature) : null;
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
