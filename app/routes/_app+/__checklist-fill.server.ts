import { json } from "@remix-run/node";
import { notFound, pathRecordId, type Access } from "~/access/access.server";
import { submitChecklistAnswers } from "~/http/checklist-answers.server";
import { assignedChecklist, type ChecklistRecord } from "~/models/checklists/assigned-checklists.server";
import { checklistHeader, entityOf, recordIdOf } from "~/models/checklists/checklist-documents.server";
import { canSeeEstimate } from "~/models/estimates/estimates.server";
import { canSeeJob } from "~/models/jobs/jobs.server";
import { toasts } from "~/sessions.server";

/** The job's or estimate's details page, where a saved checklist goes back to. */
export const recordPath = (record: ChecklistRecord) => `/${entityOf(record)}s/${recordIdOf(record)}`;

/** The checklist of the path, on a job or estimate the caller may see; else 404. */
export async function requireFillableChecklist(access: Access, record: ChecklistRecord, checklistIdParam?: string) {
  const checklistId = pathRecordId(checklistIdParam);
  const { ctx } = access;
  const visible = "jobId" in record ? await canSeeJob(ctx, record.jobId) : await canSeeEstimate(ctx, record.estimateId);
  const checklist = visible ? await assignedChecklist(ctx.companyId, record, checklistId) : null;
  if (!checklist) notFound();
  return checklist;
}

/** The fill-in screen's data: the checklist's items and answers, and the record it belongs to. */
export async function checklistFillLoader(access: Access, record: ChecklistRecord, checklistIdParam?: string) {
  const checklist = await requireFillableChecklist(access, record, checklistIdParam);
  const header = await checklistHeader(access.ctx.companyId, record);
  if (!header) notFound();
  return json({
    record: { path: recordPath(record), title: header.record.title },
    checklist: {
      id: checklist.id,
      name: checklist.name,
      items: checklist.items,
      answers: checklist.answers,
      completed: checklist.completedAt !== null,
      answeredBy: checklist.answeredByCustomer ? "Customer" : checklist.answeredByName,
    },
  });
}

/** Saves the posted answers: back to the record with a toast, or 422 with the field errors and the typed values. */
export async function checklistFillAction(
  request: Request,
  access: Access,
  record: ChecklistRecord,
  checklistIdParam?: string,
) {
  const checklist = await requireFillableChecklist(access, record, checklistIdParam);
  const result = await submitChecklistAnswers(request, {
    companyId: access.ctx.companyId,
    checklist,
    by: { userId: access.ctx.userId },
  });
  switch (result.status) {
    case "saved":
      return toasts().redirectWithSuccess(recordPath(record), `${checklist.name} was saved`);
    case "invalid":
      return json({ errors: result.errors, values: result.values }, { status: 422 });
    case "refused":
      return json({ errors: { _global: result.message }, values: {} }, { status: 400 });
  }
}
