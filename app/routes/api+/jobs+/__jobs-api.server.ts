import { json } from "@remix-run/node";
import type { Access } from "~/access/access.server";
import { apiNotFound } from "~/http/api.server";
import { checkAttachment } from "~/models/files/detect.server";
import {
  addAttachment,
  canSeeJob,
  JobRuleError,
  type AttachmentKind,
  type JobDetails,
} from "~/models/jobs/jobs.server";
import { basisPointsToPercent, centsToDollars } from "~/models/line-items/money";
import { deleteFile, saveUploadedFile } from "~/services/storage.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

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

const refusedUpload = (message: string) => json({ message, errors: { files: message } }, { status: 400 });

/**
 * One file per call (multipart: jobId and files or file), streamed to disk within the spec's size
 * limits (uploadRules.jobAttachment): checks the type by content, stores it and records it on the
 * job within the attachments' count limit.
 */
export async function uploadJobFile(
  request: Request,
  ctx: Parameters<typeof addAttachment>[0],
  kind: AttachmentKind,
): Promise<Response> {
  return withUploadForm(request, uploadRules.jobAttachment, refusedUpload, async (form) => {
    const jobId = Number(form.get("jobId"));
    if (!Number.isSafeInteger(jobId) || jobId <= 0)
      return json({ errors: { jobId: "Job Id is required" } }, { status: 400 });
    const files = [...form.getAll("files"), ...form.getAll("file")].filter(
      (f): f is File => typeof f === "object" && f !== null && f.size > 0,
    );
    if (files.length !== 1)
      return json(
        { errors: { files: files.length ? "Upload one file per call." : "Choose a file to upload." } },
        { status: 400 },
      );
    if (!(await canSeeJob(ctx, jobId))) return apiNotFound();
    const file = files[0];
    const checked = await checkAttachment(file);
    if ("refusal" in checked) return json({ errors: { files: checked.refusal } }, { status: 400 });
    const { name, detected } = checked;
    const stored = await saveUploadedFile({
      companyId: ctx.companyId,
      folder: kind === "attachment" ? "jobs" : "job-state",
      extension: detected.extension,
      file,
    });
    try {
      const row = await addAttachment(ctx, jobId, kind, {
        key: stored.key,
        url: stored.url,
        fileName: name.slice(0, 255),
        contentType: detected.contentType,
        size: stored.size,
      });
      if (!row) {
        await deleteFile(stored.key);
        return apiNotFound();
      }
      return json({ data: row }, { status: 201 });
    } catch (error) {
      await deleteFile(stored.key);
      if (error instanceof JobRuleError) return refusedUpload(error.message);
      throw error;
    }
  });
}

/** Creating jobs needs an active subscription (trial or paid); an inactive account answers 403. */
export function requireActiveSubscription(access: Access) {
  if (!access.company.subscription.isActive) throw json({ message: "Your account is limited" }, { status: 403 });
}
