import { json } from "@remix-run/node";
import type { Access } from "~/models/access.server";
import { apiNotFound, requireSignedInApi } from "~/models/api.server";
import { detectAttachment, FILE_MAX_BYTES, IMAGE_MAX_BYTES, oversizeMessage, uploadMessages, VIDEO_MAX_BYTES } from "~/models/customer-attachments.server";
import { addAttachment, canSeeJob, JobRuleError, type AttachmentKind, type JobDetails } from "~/models/jobs.server";
import { deleteFile, saveFile } from "~/services/storage.server";

/** The jobs API gate: any signed-in role (spec: schedule, jobs and estimates); the model narrows field techs. */
export const requireJobsApi = requireSignedInApi;

/** The {id} of a path, or 404 like a missing job. */
export function jobIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) return apiNotFound();
  return id;
}

/** Business rules answer 400: on a field as {errors: {field: message}}, else {message}. */
export async function withJobRules<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof JobRuleError) {
      return json(error.field === "_global" ? { message: error.message } : { message: error.message, errors: { [error.field]: error.message } }, { status: 400 });
    }
    throw error;
  }
}

const dollars = (cents: number) => cents / 100;

/**
 * GET jobs/{id} in the spec's names and units, so that a job read can be sent back to PUT: jobStatus,
 * taxRate in percent, discount, unitPrice and cost in dollars. The cents fields stay for display.
 */
export function jobForApi(job: JobDetails) {
  return {
    ...job,
    jobStatus: job.status,
    taxRate: job.taxRate / 100,
    discount: dollars(job.discountCents),
    lineItems: job.lineItems.map((l) => ({ ...l, unitPrice: dollars(l.unitPriceCents), cost: dollars(l.costCents) })),
  };
}

export const methodNotAllowed = () => json({ message: "Method not allowed" }, { status: 405 });

const MAX_REQUEST_BYTES = VIDEO_MAX_BYTES + 1024 * 1024;

/**
 * One file per call (multipart: jobId and files or file): checks the type by content and the
 * spec's size limits, stores it and records it on the job.
 */
export async function uploadJobFile(request: Request, ctx: Parameters<typeof addAttachment>[0], kind: AttachmentKind): Promise<Response> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_REQUEST_BYTES) return json({ message: await oversizeMessage(request) }, { status: 400 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ message: "The upload must be multipart/form-data with jobId and files." }, { status: 400 });
  }
  const jobId = Number(form.get("jobId"));
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return json({ errors: { jobId: "Job Id is required" } }, { status: 400 });
  const files = [...form.getAll("files"), ...form.getAll("file")].filter((f): f is File => typeof f === "object" && f !== null && "arrayBuffer" in f && f.size > 0);
  if (files.length !== 1) return json({ errors: { files: files.length ? "Upload one file per call." : "Choose a file to upload." } }, { status: 400 });
  if (!(await canSeeJob(ctx, jobId))) return apiNotFound();
  const file = files[0];
  const data = Buffer.from(await file.arrayBuffer());
  const detected = await detectAttachment(file.name, data);
  if (!detected) return json({ errors: { files: uploadMessages.type(file.name) } }, { status: 400 });
  const limit = detected.kind === "image" ? IMAGE_MAX_BYTES : detected.kind === "video" ? VIDEO_MAX_BYTES : FILE_MAX_BYTES;
  if (data.length > limit) {
    const message = detected.kind === "image" ? uploadMessages.imageSize : detected.kind === "video" ? uploadMessages.videoSize : uploadMessages.fileSize;
    return json({ errors: { files: message } }, { status: 400 });
  }
  const stored = await saveFile({ companyId: ctx.companyId, folder: kind === "attachment" ? "jobs" : "job-state", extension: detected.extension, data });
  try {
    const row = await addAttachment(ctx, jobId, kind, { key: stored.key, url: stored.url, fileName: file.name.slice(0, 255), contentType: detected.contentType, size: data.length });
    if (!row) {
      await deleteFile(stored.key);
      return apiNotFound();
    }
    return json({ data: row }, { status: 201 });
  } catch (error) {
    await deleteFile(stored.key);
    throw error;
  }
}

/** Creating jobs needs an active subscription (trial or paid); an inactive account answers 403. */
export function requireActiveSubscription(access: Access) {
  if (!access.company.subscription.isActive) throw json({ message: "Your account is limited" }, { status: 403 });
}
