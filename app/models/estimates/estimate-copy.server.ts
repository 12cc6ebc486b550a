import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  estimateEmployees,
  estimateLineItems,
  estimateOptions,
  estimates,
  estimateTags,
  tags,
  users,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { TagType } from "~/models/company/tags.schema";
import { EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import {
  addTimeline as addEstimateTimeline,
  EstimateRuleError,
  findEstimate,
} from "~/models/estimates/estimates.server";
import { TimelineEvent } from "~/models/jobs/jobs.schema";
import { addTimeline as addJobTimeline, createJob } from "~/models/jobs/jobs.server";
import type { LineItemInput } from "~/models/line-items/line-items.schema";
import { lineInputOf } from "~/models/line-items/line-rows.server";
import { isFieldTech } from "~/models/visits/visit-records.server";

/**
 * Copy an approved estimate to a job (docs/decisions/054-estimates-copy-to-job.md): the estimate
 * moves approved 5 → copied to job 8 and a new unscheduled job takes its customer, address, the
 * chosen option's lines (regular ones and the approved optional ones), tax rate, discount, texts,
 * employees and the job tags of the same names, all in one transaction.
 */

export const copyMessages = {
  notApproved: "Only an approved estimate can be copied to a job",
  officeOnly: "Only the office can copy an estimate to a job",
  notUndone: "A copy to a job cannot be undone: the job stays. Change or delete the job instead.",
} as const;

type EstimateRow = typeof estimates.$inferSelect;

/** The option the customer chose, else the first one. */
async function chosenOptionId(tx: Executor, estimate: EstimateRow): Promise<number | null> {
  const options = await tx
    .select({ id: estimateOptions.id })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, estimate.id))
    .orderBy(asc(estimateOptions.position), asc(estimateOptions.id));
  return (options.find((o) => o.id === estimate.chosenOptionId) ?? options[0])?.id ?? null;
}

/** The lines that count in the option's total: regular lines and the optional ones the customer approved. */
async function jobLines(tx: Executor, optionId: number | null): Promise<LineItemInput[]> {
  if (!optionId) return [];
  const rows = await tx
    .select()
    .from(estimateLineItems)
    .where(eq(estimateLineItems.optionId, optionId))
    .orderBy(asc(estimateLineItems.position), asc(estimateLineItems.id));
  return rows.filter((l) => !l.isOptional || l.isApproved).map(lineInputOf);
}

/** Assigned employees still on the staff (a deleted one is not carried over). */
async function currentEmployees(tx: Executor, estimateId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(estimateEmployees)
    .innerJoin(users, eq(users.id, estimateEmployees.userId))
    .where(and(eq(estimateEmployees.estimateId, estimateId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/** Tags are kept per type: the job takes the company's job tags named as the estimate's tags. */
async function jobTagIds(tx: Executor, ctx: CallerContext, estimateId: number): Promise<number[]> {
  const names = await tx
    .select({ name: sql<string>`lower(${tags.name})` })
    .from(estimateTags)
    .innerJoin(tags, eq(tags.id, estimateTags.tagId))
    .where(eq(estimateTags.estimateId, estimateId));
  if (names.length === 0) return [];
  const rows = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, ctx.companyId),
        eq(tags.type, TagType.Job),
        inArray(
          sql`lower(${tags.name})`,
          names.map((n) => n.name),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Copies an approved estimate to a new job. Null when the caller cannot see the estimate. A second
 * call (double click, retry) finds the estimate already copied and answers the same job.
 */
export async function copyEstimateToJob(
  ctx: CallerContext,
  estimateId: number,
): Promise<{ id: number; status: number; jobId: number; alreadyCopied: boolean } | null> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, estimateId, true);
    if (!estimate) return null;
    if (estimate.status === EstimateStatus.CopiedToJob && estimate.copiedToJobId)
      return { id: estimate.id, status: estimate.status, jobId: estimate.copiedToJobId, alreadyCopied: true };
    if (isFieldTech(ctx)) throw new EstimateRuleError(copyMessages.officeOnly, "status");
    // Only the call that moves the estimate out of approved makes the job.
    const [moved] = await tx
      .update(estimates)
      .set({ status: EstimateStatus.CopiedToJob, updatedAt: new Date() })
      .where(
        and(
          eq(estimates.id, estimate.id),
          eq(estimates.companyId, ctx.companyId),
          eq(estimates.status, EstimateStatus.Approved),
        ),
      )
      .returning({ id: estimates.id });
    if (!moved) throw new EstimateRuleError(copyMessages.notApproved, "status");
    const job = await createJob(
      ctx,
      {
        customerId: estimate.customerId,
        customerAddressId: estimate.customerAddressId ?? undefined,
        location: estimate.location ?? undefined,
        name: estimate.name ?? undefined,
        description: estimate.description ?? undefined,
        privateNotes: estimate.privateNotes ?? undefined,
        message: estimate.message ?? undefined,
        lineItems: await jobLines(tx, await chosenOptionId(tx, estimate)),
        taxRate: estimate.taxRate,
        discount: estimate.discountCents,
        tags: await jobTagIds(tx, ctx, estimate.id),
        employeeIds: await currentEmployees(tx, estimate.id),
        timezone: estimate.timezone,
      },
      new Date(),
      tx,
    );
    await tx.update(estimates).set({ copiedToJobId: job.id }).where(eq(estimates.id, estimate.id));
    await addEstimateTimeline(tx, ctx, estimate.id, EstimateEvent.CopiedToJob, {
      fromStatus: EstimateStatus.Approved,
      toStatus: EstimateStatus.CopiedToJob,
      data: { jobId: job.id },
    });
    await addJobTimeline(tx, ctx, job.id, TimelineEvent.CopiedFromEstimate, {
      data: { estimateId: estimate.id, estimateNumber: estimate.number },
    });
    return { id: estimate.id, status: EstimateStatus.CopiedToJob, jobId: job.id, alreadyCopied: false };
  });
}
