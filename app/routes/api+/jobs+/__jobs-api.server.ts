import { json } from "@remix-run/node";
import type { Access, CallerContext } from "~/access/access.server";
import { uploadRecordFile } from "~/http/record-files.server";
import { addAttachment, canSeeJob, getJob, type AttachmentKind, type JobDetails } from "~/models/jobs/jobs.server";
import { basisPointsToPercent, centsToDollars } from "~/models/line-items/money";

/**
 * GET jobs/{id} in the spec's names and units, so that a job read can be sent back to PUT: jobStatus,
 * taxRate in percent, discount, unitPrice and cost in dollars. The cents fields stay for display.
 * A field tech's copy has no cost (getJob leaves it out).
 */
export function jobForApi(job: JobDetails) {
  return {
    ...job,
    jobStatus: job.status,
    taxRate: basisPointsToPercent(job.taxRate),
    discount: centsToDollars(job.discountCents),
    lineItems: job.lineItems.map((l) => ({
      ...l,
      unitPrice: centsToDollars(l.unitPriceCents),
      ...(l.costCents === undefined ? {} : { cost: centsToDollars(l.costCents) }),
    })),
  };
}

/** The company's job as GET jobs/{id} answers it, or null. */
export async function findJobForApi(ctx: CallerContext, id: number) {
  const job = await getJob(ctx, id);
  return job && jobForApi(job);
}

/**
 * One file per call (multipart: jobId and files or file), streamed to disk within the spec's size
 * limits (uploadRules.jobAttachment): checks the type by content, stores it and records it on the
 * job within the attachments' count limit.
 */
export function uploadJobFile(
  request: Request,
  ctx: Parameters<typeof addAttachment>[0],
  kind: AttachmentKind,
): Promise<Response> {
  return uploadRecordFile(request, {
    companyId: ctx.companyId,
    idField: "jobId",
    idRequired: "Job Id is required",
    folder: kind === "attachment" ? "jobs" : "job-state",
    canSee: (jobId) => canSeeJob(ctx, jobId),
    record: (jobId, file) => addAttachment(ctx, jobId, kind, file),
  });
}

/** Creating jobs needs an active subscription (trial or paid); an inactive account answers 403. */
export function requireActiveSubscription(access: Access) {
  if (!access.company.subscription.isActive) throw json({ message: "Your account is limited" }, { status: 403 });
}
