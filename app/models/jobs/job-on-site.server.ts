import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { jobs, jobTimelineEvents } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { jobUpdateSchema, TimelineEvent } from "~/models/jobs/jobs.schema";
import { canSeeJob } from "~/models/jobs/jobs.server";

/**
 * What a technician records at the visit from the job page, besides status, files and checklists:
 * the job's private notes and (in job-signature.server.ts) the customer's signature.
 */

/** intent=notes of the job page: the private notes, with the limits of the job's own form. */
export const jobNotesSchema = z.object({
  privateNotes: jobUpdateSchema.shape.privateNotes.transform((v) => v ?? ""),
});
export type JobNotesInput = z.infer<typeof jobNotesSchema>;

/**
 * Replaces the private notes of a job the caller can see (a field tech: their jobs) and nothing
 * else; blank clears them. False when the job is not visible to the caller (404).
 */
export async function updateJobPrivateNotes(ctx: CallerContext, jobId: number, input: JobNotesInput): Promise<boolean> {
  if (!(await canSeeJob(ctx, jobId))) return false;
  const updated = await db
    .update(jobs)
    .set({ privateNotes: input.privateNotes || null, updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, ctx.companyId)))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

export type JobSignatureShown = { name: string | null; imageUrl: string | null; signedAt: string };

/** The job's latest customer signature (the newest Signed timeline entry), or null. */
export async function latestJobSignature(ctx: CallerContext, jobId: number): Promise<JobSignatureShown | null> {
  const [row] = await db
    .select({ data: jobTimelineEvents.data, at: jobTimelineEvents.at })
    .from(jobTimelineEvents)
    .where(
      and(
        eq(jobTimelineEvents.companyId, ctx.companyId),
        eq(jobTimelineEvents.jobId, jobId),
        eq(jobTimelineEvents.type, TimelineEvent.Signed),
      ),
    )
    .orderBy(desc(jobTimelineEvents.at), desc(jobTimelineEvents.id))
    .limit(1);
  if (!row) return null;
  const data = (row.data ?? {}) as { name?: string | null; imageUrl?: string | null };
  return { name: data.name ?? null, imageUrl: data.imageUrl ?? null, signedAt: row.at.toISOString() };
}

/** The status of a job the caller can see, or null (404): what a stale status form is checked against. */
export async function visibleJobStatus(ctx: CallerContext, jobId: number): Promise<number | null> {
  if (!(await canSeeJob(ctx, jobId))) return null;
  const [row] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, ctx.companyId)));
  return row?.status ?? null;
}
