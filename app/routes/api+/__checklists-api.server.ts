import { json } from "@remix-run/node";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { apiNotFound } from "~/http/api.server";
import { submitChecklistAnswers } from "~/http/checklist-answers.server";
import {
  assignChecklists,
  assignedChecklist,
  recordChecklists,
  removeChecklist,
  type AssignedChecklist,
  type ChecklistRecord,
} from "~/models/checklists/assigned-checklists.server";
import { canSeeEstimate } from "~/models/estimates/estimates.server";
import { canSeeJob } from "~/models/jobs/jobs.server";

/** A checklist as the API answers it; the answers' files by URL (storage keys stay inside). */
export function checklistForApi(c: AssignedChecklist) {
  return {
    id: c.id,
    jobId: c.jobId,
    estimateId: c.estimateId,
    companyCheckListId: c.companyChecklistId,
    name: c.name,
    items: c.items,
    answers: Object.fromEntries(
      Object.entries(c.answers).map(([key, a]) => [
        key,
        {
          ...(a.value !== undefined ? { value: a.value } : {}),
          ...(a.files
            ? { files: a.files.map(({ fileUrl, fileName, sizeBytes }) => ({ fileUrl, fileName, sizeBytes })) }
            : {}),
        },
      ]),
    ),
    isCompleted: c.completedAt !== null,
    completedAt: c.completedAt?.toISOString() ?? null,
    answeredByUserId: c.answeredByUserId,
    answeredByName: c.answeredByName,
    answeredByCustomer: c.answeredByCustomer,
    publicToken: c.publicToken,
    position: c.position,
  };
}

/** A job or an estimate the caller may see (a field tech: theirs); else 404. */
async function requireVisible(ctx: CallerContext, record: ChecklistRecord) {
  const visible = "jobId" in record ? await canSeeJob(ctx, record.jobId) : await canSeeEstimate(ctx, record.estimateId);
  if (!visible) apiNotFound();
}

/** The record's checklists in the API's shape. */
async function checklistsOf(ctx: CallerContext, record: ChecklistRecord) {
  return (await recordChecklists(ctx.companyId, record)).map(checklistForApi);
}

/** GET /api/{jobs|estimates}/{id}/checklists → {data: checklists}. */
export async function listChecklists(ctx: CallerContext, record: ChecklistRecord) {
  await requireVisible(ctx, record);
  return json({ data: await checklistsOf(ctx, record) });
}

/** POST /api/{jobs|estimates}/assign-checklists (the body parsed by the route) → {data: {jobId|estimateId, checklists}}. */
export async function assignFromApi(
  ctx: CallerContext,
  record: ChecklistRecord,
  input: { companyCheckListIds: number[]; includeRecurrent?: boolean },
) {
  await requireVisible(ctx, record);
  await db.transaction((tx) =>
    assignChecklists(tx, { companyId: ctx.companyId, ...record }, input.companyCheckListIds, {
      includeRecurrent: input.includeRecurrent,
    }),
  );
  return json({ data: { ...record, checklists: await checklistsOf(ctx, record) } });
}

/** POST /api/{jobs|estimates}/remove-checklist (the body parsed by the route) → {data: {jobId|estimateId, companyCheckListId}}, 404 when not assigned. */
export async function removeFromApi(
  ctx: CallerContext,
  record: ChecklistRecord,
  input: { companyCheckListId: number; includeRecurrent?: boolean },
) {
  await requireVisible(ctx, record);
  const removed = await removeChecklist(
    { companyId: ctx.companyId, ...record },
    { companyChecklistId: input.companyCheckListId },
    { includeRecurrent: input.includeRecurrent },
  );
  if (!removed) apiNotFound();
  return json({ data: { ...record, companyCheckListId: input.companyCheckListId } });
}

/** The checklist of the path on a record the caller may see; else 404. */
export async function requireApiChecklist(ctx: CallerContext, record: ChecklistRecord, checklistId: number) {
  await requireVisible(ctx, record);
  return (await assignedChecklist(ctx.companyId, record, checklistId)) ?? apiNotFound();
}

/**
 * PUT /api/{jobs|estimates}/{id}/checklist/{checklistId} (multipart: `answer-<key>` values and
 * files, `remove-<key>` stored file URLs, a signature as a file, a data URL or a typed name) →
 * {data: checklist}; 400 {errors: {answer-<key>: message}} or {message} when the body is refused.
 */
export async function answerFromApi(
  request: Request,
  ctx: CallerContext,
  record: ChecklistRecord,
  checklistId: number,
) {
  const checklist = await requireApiChecklist(ctx, record, checklistId);
  const result = await submitChecklistAnswers(request, {
    companyId: ctx.companyId,
    checklist,
    by: { userId: ctx.userId },
  });
  if (result.status === "invalid") return json({ errors: result.errors }, { status: 400 });
  if (result.status === "refused") return json({ message: result.message }, { status: 400 });
  const saved = await assignedChecklist(ctx.companyId, record, checklistId);
  return saved ? json({ data: checklistForApi(saved) }) : apiNotFound();
}
