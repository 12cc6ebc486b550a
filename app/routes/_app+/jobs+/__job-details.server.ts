import { json } from "@remix-run/node";
import { z } from "zod";
import type { Access, CallerContext } from "~/access/access.server";
import { notFound } from "~/access/access.server";
import { uploadJobFile } from "~/routes/api+/jobs+/__jobs-api.server";
import { wallInputToInstant } from "~/models/jobs/job-recurrence";
import {
  jobStatusLabels,
  paySchema,
  renameSchema,
  segmentSchema,
  sendVisitDetailsSchema,
  undoStatusSchema,
  updateJobStatusSchema,
  type EditScopeValue,
  type JobStatusValue,
} from "~/models/jobs/jobs.schema";
import {
  addSegment,
  deleteJob,
  deleteSegment,
  JobRuleError,
  recordPayment,
  removeAttachment,
  renameJob,
  sendVisitDetails,
  undoJobStatus,
  updateJobStatus,
} from "~/models/jobs/jobs.server";
import { jobNotesSchema, updateJobPrivateNotes, visibleJobStatus } from "~/models/jobs/job-on-site.server";
import { jobSignSchema, signJob } from "~/models/jobs/job-signature.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import { deleteFile } from "~/services/storage.server";
import { fieldErrors } from "~/utils/validation";

const back = (id: number) => `/jobs/${id}`;

/** The status form's hidden expectedStatus: optional (API callers and older forms send none). */
const expectedStatusSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z.coerce.number().int().min(0).max(7).optional(),
);

/** The job details page's forms, one intent each; every success redirects back with a toast. */
export async function jobDetailsAction(request: Request, { ctx, company }: Access, id: number): Promise<Response> {
  const { timezone } = company;
  if ((request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    const kind = new URL(request.url).searchParams.get("upload") === "currentState" ? "currentState" : "attachment";
    const res = await uploadJobFile(request, ctx, kind);
    if (res.status === 404) notFound();
    if (res.ok) return toasts().redirectWithSuccess(back(id), "File was uploaded successfully!");
    const body = (await res.json()) as { errors?: Record<string, string>; message?: string };
    return json(
      { errors: { [kind]: body.errors?.files ?? body.errors?.jobId ?? body.message ?? "Upload failed" } },
      { status: 400 },
    );
  }
  const form = Object.fromEntries(await request.formData());
  const done = (message: string, to = back(id)) => toasts().redirectWithSuccess(to, message);
  const invalid = (error: z.ZodError) => json({ errors: fieldErrors(error) }, { status: 400 });
  try {
    switch (form.intent) {
      case "status":
        return changeStatus(ctx, id, form, timezone);
      case "notes":
        return saveNotes(ctx, id, form);
      case "sign":
        return saveSignature(ctx, id, form);
      case "undo": {
        const input = undoStatusSchema.safeParse({ id, statusClicked: form.statusClicked });
        if (!input.success) return invalid(input.error);
        return (await undoJobStatus(ctx, input.data)) ? done("Status change was undone") : notFound();
      }
      case "pay": {
        const input = paySchema.safeParse(form);
        if (!input.success) return invalid(input.error);
        return (await recordPayment(ctx, id, input.data)) ? done("Payment was recorded successfully!") : notFound();
      }
      case "rename": {
        const input = renameSchema.safeParse(form);
        if (!input.success) return invalid(input.error);
        return (await renameJob(ctx, id, input.data.name)) ? done("Job was renamed successfully!") : notFound();
      }
      case "sendVisitDetails": {
        const input = sendVisitDetailsSchema.safeParse(form);
        if (!input.success) return json({ errors: { channel: fieldErrors(input.error).channel } }, { status: 400 });
        return (await sendVisitDetails(ctx, { jobId: id, ...input.data }))
          ? done("Visit details are on their way to the customer")
          : notFound();
      }
      case "addSegment": {
        const input = segmentSchema.safeParse(form);
        if (!input.success) return json({ errors: { segment: fieldErrors(input.error).name } }, { status: 400 });
        return (await addSegment(ctx, id, input.data.name)) ? done("Segment was added successfully!") : notFound();
      }
      case "deleteSegment":
        return (await deleteSegment(ctx, id, Number(form.segmentId)))
          ? done("Segment was deleted successfully!")
          : notFound();
      case "deleteAttachment":
      case "deleteCurrentState": {
        const key = await removeAttachment(
          ctx,
          id,
          String(form.fileUrl ?? ""),
          form.intent === "deleteAttachment" ? "attachment" : "currentState",
        );
        if (!key) notFound();
        await deleteFile(key);
        return done("File was deleted successfully!");
      }
      case "delete": {
        const scope = Math.min(2, Math.max(0, Number(form.scope) || 0)) as EditScopeValue;
        return (await deleteJob(ctx, id, scope)) ? done("Job was deleted successfully!", "/jobs") : notFound();
      }
      default:
        return json({ errors: { _global: "Unknown action" } }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof JobRuleError)
      return json(
        { errors: { [error.field === "statusClicked" ? "_global" : error.field]: error.message } },
        { status: 400 },
      );
    throw error;
  }
}

/** The status form: a move with its reason and notify-customer (stored on the timeline), and a start when it schedules an unscheduled job; errors come back with the values. */
async function changeStatus(
  ctx: CallerContext,
  id: number,
  form: Record<string, FormDataEntryValue>,
  timezone: string,
): Promise<Response> {
  // The status the page showed: a change made meanwhile (by the office, or while offline) is reported, not overwritten.
  const expected = expectedStatusSchema.safeParse(form.expectedStatus);
  if (expected.success && expected.data !== undefined) {
    const current = await visibleJobStatus(ctx, id);
    if (current === null) notFound();
    if (current !== expected.data) {
      const now = jobStatusLabels[current as JobStatusValue] ?? String(current);
      return json(
        { errors: { _global: `This job was changed to ${now} while you were away. Nothing was changed.` } },
        { status: 400 },
      );
    }
  }
  const values = {
    reason: String(form.reason ?? ""),
    notifyCustomer: form.notifyCustomer === "on",
    startDate: String(form.startDate ?? ""),
  };
  // datetime-local posts wall time in the company's zone; anything else is left to the schema.
  const start = values.startDate ? wallInputToInstant(values.startDate, timezone) : null;
  const input = updateJobStatusSchema.safeParse({ ...form, jobId: id, startDate: start ?? form.startDate });
  if (!input.success) return json({ errors: fieldErrors(input.error), values }, { status: 400 });
  try {
    return (await updateJobStatus(ctx, input.data))
      ? toasts().redirectWithSuccess(back(id), "Status was changed successfully!")
      : notFound();
  } catch (error) {
    if (error instanceof JobRuleError)
      return json({ errors: { [error.field]: error.message }, values }, { status: 400 });
    throw error;
  }
}

/** intent=notes: the job's private notes; errors come back with the typed text. */
async function saveNotes(ctx: CallerContext, id: number, form: Record<string, FormDataEntryValue>): Promise<Response> {
  const input = jobNotesSchema.safeParse(form);
  const values = { privateNotes: String(form.privateNotes ?? "") };
  if (!input.success) return json({ errors: fieldErrors(input.error), values }, { status: 400 });
  return (await updateJobPrivateNotes(ctx, id, input.data))
    ? toasts().redirectWithSuccess(back(id), "Notes were saved")
    : notFound();
}

/**
 * intent=sign: the customer's typed name and (with JavaScript) drawn signature. Its errors come
 * back as signName and signature, since `name` is the rename form's field on the same page.
 */
async function saveSignature(
  ctx: CallerContext,
  id: number,
  form: Record<string, FormDataEntryValue>,
): Promise<Response> {
  const values = { signName: String(form.name ?? "") };
  const onSignForm = (errors: Record<string, string>) =>
    json(
      {
        errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === "name" ? "signName" : k, v])),
        values,
      },
      { status: 400 },
    );
  const input = jobSignSchema.safeParse(form);
  if (!input.success) return onSignForm(fieldErrors(input.error));
  try {
    return (await signJob(ctx, id, input.data))
      ? toasts().redirectWithSuccess(back(id), "Signature was saved")
      : notFound();
  } catch (error) {
    // The drawn image is checked by content (too large, not an image).
    if (error instanceof RuleError) return onSignForm(error.fieldErrors);
    throw error;
  }
}
