import { db } from "~/db.server";
import { estimateAttachments, estimateCurrentStateAttachments } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { uploadRecordFile, type RecordFile } from "~/http/record-files.server";
import { EstimateEvent } from "~/models/estimates/estimates.schema";
import { addTimeline, canSeeEstimate, EstimateRuleError, findEstimate } from "~/models/estimates/estimates.server";
import { addRecordFile, listRecordFiles, recordFileTable, removeRecordFile } from "~/models/files/record-files.server";

/**
 * An estimate's files, as a job's: attachments and current-state photos, each within the
 * attachments' count limit. Who may see the estimate (a field tech: assigned ones only) is
 * findEstimate's rule, so a file of an estimate the caller cannot see is a missing one.
 */
export type EstimateFileKind = "attachment" | "currentState";
const fileTables = {
  attachment: recordFileTable(estimateAttachments, "estimateId"),
  currentState: recordFileTable(estimateCurrentStateAttachments, "estimateId"),
};

const refuse = (message: string): never => {
  throw new EstimateRuleError(message, "files");
};

/** Records a stored file on an estimate (the caller stored it after checking type and size); null when not found. */
export async function addEstimateAttachment(
  ctx: CallerContext,
  estimateId: number,
  kind: EstimateFileKind,
  file: RecordFile,
) {
  return db.transaction(async (tx) => {
    if (!(await findEstimate(tx, ctx, estimateId, true))) return null;
    const row = await addRecordFile(tx, ctx, fileTables[kind], estimateId, file, refuse);
    await addTimeline(tx, ctx, estimateId, EstimateEvent.AttachmentAdded, { data: { fileName: file.fileName } });
    return row;
  });
}

/** Removes a file of the estimate by its URL; returns the storage key to delete, or null when not found. */
export async function removeEstimateAttachment(
  ctx: CallerContext,
  estimateId: number,
  fileUrl: string,
  kind: EstimateFileKind = "attachment",
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (!(await findEstimate(tx, ctx, estimateId, true))) return null;
    const row = await removeRecordFile(tx, ctx, fileTables[kind], estimateId, fileUrl);
    if (!row) return null;
    await addTimeline(tx, ctx, estimateId, EstimateEvent.AttachmentRemoved, { data: { fileName: row.fileName } });
    return row.key;
  });
}

/** The two lists of an estimate the caller has already found (getEstimate). */
export async function estimateFiles(estimateId: number) {
  const [attachments, currentStateAttachments] = await Promise.all([
    listRecordFiles(fileTables.attachment, estimateId),
    listRecordFiles(fileTables.currentState, estimateId),
  ]);
  return { attachments, currentStateAttachments };
}

/**
 * POST estimates/attachment and estimates/currentStateAttachment: one file per call (multipart:
 * estimateId and files), the jobs' upload rules. `id` is the details page's estimate.
 */
export function uploadEstimateFile(request: Request, ctx: CallerContext, kind: EstimateFileKind, id?: number) {
  return uploadRecordFile(request, {
    companyId: ctx.companyId,
    idField: "estimateId",
    idRequired: "Estimate Id is required",
    folder: kind === "attachment" ? "estimates" : "estimate-state",
    id,
    canSee: (estimateId) => canSeeEstimate(ctx, estimateId),
    record: (estimateId, file) => addEstimateAttachment(ctx, estimateId, kind, file),
  });
}
