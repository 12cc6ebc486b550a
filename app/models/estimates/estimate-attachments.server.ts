import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { estimateAttachments, estimateCurrentStateAttachments } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { uploadRecordFile, type RecordFile } from "~/http/record-files.server";
import { EstimateEvent } from "~/models/estimates/estimates.schema";
import { addTimeline, canSeeEstimate, EstimateRuleError, findEstimate } from "~/models/estimates/estimates.server";
import { attachmentCountError } from "~/models/files/file-rules";

/**
 * An estimate's files, as a job's: attachments and current-state photos, each within the
 * attachments' count limit. Who may see the estimate (a field tech: assigned ones only) is
 * findEstimate's rule, so a file of an estimate the caller cannot see is a missing one.
 */
export type EstimateFileKind = "attachment" | "currentState";
const fileTable = (kind: EstimateFileKind) =>
  kind === "attachment" ? estimateAttachments : estimateCurrentStateAttachments;

/** Records a stored file on an estimate (the caller stored it after checking type and size); null when not found. */
export async function addEstimateAttachment(
  ctx: CallerContext,
  estimateId: number,
  kind: EstimateFileKind,
  file: RecordFile,
) {
  return db.transaction(async (tx) => {
    // The estimate row is locked: two uploads at once cannot both take the last place.
    if (!(await findEstimate(tx, ctx, estimateId, true))) return null;
    const table = fileTable(kind);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.estimateId, estimateId), eq(table.companyId, ctx.companyId)));
    const tooMany = attachmentCountError(n, 1);
    if (tooMany) throw new EstimateRuleError(tooMany, "files");
    const [row] = await tx
      .insert(table)
      .values({
        companyId: ctx.companyId,
        estimateId,
        storageKey: file.key,
        fileUrl: file.url,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.size,
        uploadedByUserId: ctx.userId,
      })
      .returning({
        id: table.id,
        fileUrl: table.fileUrl,
        fileName: table.fileName,
        contentType: table.contentType,
        sizeBytes: table.sizeBytes,
        createdAt: table.createdAt,
      });
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
    const table = fileTable(kind);
    const [row] = await tx
      .delete(table)
      .where(and(eq(table.estimateId, estimateId), eq(table.companyId, ctx.companyId), eq(table.fileUrl, fileUrl)))
      .returning({ key: table.storageKey, fileName: table.fileName });
    if (!row) return null;
    await addTimeline(tx, ctx, estimateId, EstimateEvent.AttachmentRemoved, { data: { fileName: row.fileName } });
    return row.key;
  });
}

const listed = (kind: EstimateFileKind, estimateId: number) => {
  const table = fileTable(kind);
  return db
    .select({
      id: table.id,
      fileUrl: table.fileUrl,
      fileName: table.fileName,
      contentType: table.contentType,
      sizeBytes: table.sizeBytes,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(eq(table.estimateId, estimateId))
    .orderBy(asc(table.createdAt), asc(table.id));
};

/** The two lists of an estimate the caller has already found (getEstimate). */
export async function estimateFiles(estimateId: number) {
  const [attachments, currentStateAttachments] = await Promise.all([
    listed("attachment", estimateId),
    listed("currentState", estimateId),
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
