import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { notFound } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import {
  assignedChecklists,
  companyChecklists,
  estimates,
  jobs,
  jobSeriesChecklists,
  jobTimelineEvents,
  users,
  type FormAnswer,
  type FormAnswerFile,
} from "~/db/schema";
import { droppedFiles, isComplete } from "~/models/checklists/checklist-items";
import { IMAGE_MAX_BYTES, imageMessages, photoImageRules } from "~/models/files/file-rules";
import type { UploadRule } from "~/models/files/upload-rules.server";
import { newPublicToken } from "~/models/jobs/job-series.server";
import { ActorType, TimelineEvent } from "~/models/jobs/jobs.schema";
import { RuleError } from "~/models/rules";
import { storeSignatureImage, SIGNATURE_FOLDER } from "~/models/signatures/signature-image.server";
import { ImageUploadError, storeImageUpload } from "~/services/images.server";
import { deleteFile, keyFromUrl, saveFile } from "~/services/storage.server";

// Forms assigned to jobs and estimates, and their answers (docs/decisions/064). Every query is
// matched on the company; whether the caller may see the job or estimate is the route's check.

/** A job or an estimate of a company. */
export type ChecklistTarget = { companyId: number; jobId: number } | { companyId: number; estimateId: number };
/** The record a checklist hangs on. */
export type ChecklistRecord = { jobId: number } | { estimateId: number };

/** Private storage folder of answer photos (served only to the owning company). */
export const CHECKLIST_FOLDER = "checklists";

/** A post of a checklist streamed to disk within the image limit, carrying at most `count` photos. */
const uploadRuleFor = (count: number): UploadRule => ({
  fileLimit: () => ({ bytes: IMAGE_MAX_BYTES, message: imageMessages.imageTooLarge }),
  maxFiles: { count, message: `Upload at most ${count} images at a time.` },
  oversize: "refuse",
  maxBytes: count * IMAGE_MAX_BYTES + 1024 * 1024,
});

/** Photos one post of a checklist may carry: staff (fill-in screen, PUT .../checklist/{id}) and a customer's public form. */
export const CHECKLIST_FILES_PER_POST = 20;
export const PUBLIC_FORM_FILES_PER_POST = 5;
export const checklistUploadRule = uploadRuleFor(CHECKLIST_FILES_PER_POST);
export const publicFormUploadRule = uploadRuleFor(PUBLIC_FORM_FILES_PER_POST);

const recordOf = (r: ChecklistRecord) =>
  "jobId" in r ? eq(assignedChecklists.jobId, r.jobId) : eq(assignedChecklists.estimateId, r.estimateId);

/** The company's forms among the ids; a foreign or unknown id is a 404, like a foreign record. */
async function companyForms(exec: Executor, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const forms = await exec
    .select({ id: companyChecklists.id, name: companyChecklists.name, items: companyChecklists.items })
    .from(companyChecklists)
    .where(and(eq(companyChecklists.companyId, companyId), inArray(companyChecklists.id, ids)));
  if (forms.length !== ids.length) notFound();
  return forms.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/** The visit and, with `followingToo`, the visits of its series from its occurrence on; 404 when not the company's. */
async function jobAndFollowing(exec: Executor, companyId: number, jobId: number, followingToo: boolean) {
  const [job] = await exec
    .select({ id: jobs.id, seriesId: jobs.seriesId, occurrence: jobs.seriesOccurrence, startTime: jobs.startTime })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!job) notFound();
  if (!followingToo || !job.seriesId) return { ids: [job.id], seriesId: null };
  const from = job.occurrence ?? job.startTime ?? new Date(0);
  const later = await exec
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.seriesId, job.seriesId), gte(jobs.seriesOccurrence, from)));
  return { ids: [...new Set([job.id, ...later.map((r) => r.id)])], seriesId: job.seriesId };
}

/** Copies the forms onto each record after its last checklist; a form the record already has is left alone. */
async function insertCopies(
  exec: Executor,
  companyId: number,
  records: ChecklistRecord[],
  forms: { id: number; name: string; items: (typeof companyChecklists.$inferSelect)["items"] }[],
) {
  if (records.length === 0 || forms.length === 0) return;
  const byJob = "jobId" in records[0];
  const recordColumn = byJob ? assignedChecklists.jobId : assignedChecklists.estimateId;
  const recordIds = records.map((r) => ("jobId" in r ? r.jobId : r.estimateId));
  const last = await exec
    .select({ recordId: recordColumn, position: sql<number>`max(${assignedChecklists.position})` })
    .from(assignedChecklists)
    .where(and(eq(assignedChecklists.companyId, companyId), inArray(recordColumn, recordIds)))
    .groupBy(recordColumn);
  const lastOf = new Map(last.map((r) => [r.recordId, Number(r.position)]));
  const rows = recordIds.flatMap((recordId) =>
    forms.map((form, i) => ({
      companyId,
      ...(byJob ? { jobId: recordId } : { estimateId: recordId }),
      companyChecklistId: form.id,
      name: form.name,
      items: form.items,
      publicToken: newPublicToken(),
      position: (lastOf.get(recordId) ?? -1) + 1 + i,
    })),
  );
  // The unique (record, form) indexes make assigning a form twice a no-op.
  for (let i = 0; i < rows.length; i += 1000)
    await exec
      .insert(assignedChecklists)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
}

/**
 * Assigns the company's forms to a job or an estimate (POST jobs/assign-checklists,
 * estimates/assign-checklists, templates). With includeRecurrent on a series visit: that visit
 * and every later one, and the series keeps the forms so visits made later get them too.
 * A foreign form or record is a 404.
 */
export async function assignChecklists(
  tx: Executor,
  target: ChecklistTarget,
  companyChecklistIds: number[],
  opts: { includeRecurrent?: boolean } = {},
): Promise<void> {
  const { companyId } = target;
  const forms = await companyForms(tx, companyId, [...new Set(companyChecklistIds)]);
  if ("jobId" in target) {
    const { ids, seriesId } = await jobAndFollowing(tx, companyId, target.jobId, !!opts.includeRecurrent);
    if (seriesId && forms.length)
      await tx
        .insert(jobSeriesChecklists)
        .values(forms.map((f) => ({ seriesId, companyChecklistId: f.id, companyId })))
        .onConflictDoNothing();
    await insertCopies(
      tx,
      companyId,
      ids.map((jobId) => ({ jobId })),
      forms,
    );
    return;
  }
  const [estimate] = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.id, target.estimateId), eq(estimates.companyId, companyId)));
  if (!estimate) notFound();
  await insertCopies(tx, companyId, [{ estimateId: estimate.id }], forms);
}

/** Visits a series just materialised get the forms assigned to the series (insertVisitCopies). */
export async function assignSeriesChecklists(tx: Executor, companyId: number, seriesId: number, jobIds: number[]) {
  if (jobIds.length === 0) return;
  const formIds = (
    await tx
      .select({ id: jobSeriesChecklists.companyChecklistId })
      .from(jobSeriesChecklists)
      .where(and(eq(jobSeriesChecklists.seriesId, seriesId), eq(jobSeriesChecklists.companyId, companyId)))
  ).map((r) => r.id);
  if (formIds.length === 0) return;
  await insertCopies(
    tx,
    companyId,
    jobIds.map((jobId) => ({ jobId })),
    await companyForms(tx, companyId, formIds),
  );
}

const filesOf = (answers: Record<string, FormAnswer>) => droppedFiles(answers, {});

/**
 * Removes a checklist from a job or an estimate, named by its form (the API's companyCheckListId)
 * or by itself (a checklist whose form was deleted). With includeRecurrent on a series visit:
 * from that visit and every later one, and later visits no longer get the form. Its stored
 * photos and signatures are deleted once the rows are gone. False when nothing matched.
 */
export async function removeChecklist(
  target: ChecklistTarget,
  which: { companyChecklistId: number } | { checklistId: number },
  opts: { includeRecurrent?: boolean } = {},
): Promise<boolean> {
  const { companyId } = target;
  const removed = await db.transaction(async (tx) => {
    const record: ChecklistRecord = "jobId" in target ? { jobId: target.jobId } : { estimateId: target.estimateId };
    const [found] = await tx
      .select({ id: assignedChecklists.id, formId: assignedChecklists.companyChecklistId })
      .from(assignedChecklists)
      .where(
        and(
          eq(assignedChecklists.companyId, companyId),
          recordOf(record),
          "checklistId" in which
            ? eq(assignedChecklists.id, which.checklistId)
            : eq(assignedChecklists.companyChecklistId, which.companyChecklistId),
        ),
      );
    if (!found) return null;
    let ids = [found.id];
    if ("jobId" in target && opts.includeRecurrent && found.formId) {
      const visits = await jobAndFollowing(tx, companyId, target.jobId, true);
      if (visits.seriesId) {
        await tx
          .delete(jobSeriesChecklists)
          .where(
            and(
              eq(jobSeriesChecklists.seriesId, visits.seriesId),
              eq(jobSeriesChecklists.companyChecklistId, found.formId),
              eq(jobSeriesChecklists.companyId, companyId),
            ),
          );
        const copies = await tx
          .select({ id: assignedChecklists.id })
          .from(assignedChecklists)
          .where(
            and(
              eq(assignedChecklists.companyId, companyId),
              eq(assignedChecklists.companyChecklistId, found.formId),
              inArray(assignedChecklists.jobId, visits.ids),
            ),
          );
        ids = [...new Set([found.id, ...copies.map((c) => c.id)])];
      }
    }
    return tx
      .delete(assignedChecklists)
      .where(and(eq(assignedChecklists.companyId, companyId), inArray(assignedChecklists.id, ids)))
      .returning({ answers: assignedChecklists.answers });
  });
  if (!removed) return false;
  await deleteStored(removed.flatMap((r) => filesOf(r.answers)));
  return true;
}

/** Deletes stored answer files (after the rows that named them are saved or gone). */
export async function deleteStored(files: FormAnswerFile[]) {
  for (const file of files) await deleteFile(file.storageKey);
}

/**
 * Saves a checklist's answers (already checked by parseAnswers): completed when every required
 * item is answered, who answered, and on a job a "Checklist completed" timeline event when it
 * becomes complete. Files the new answers no longer hold are deleted after the save.
 */
export async function saveChecklistAnswers(args: {
  companyId: number;
  checklistId: number;
  answers: Record<string, FormAnswer>;
  by: { userId: number } | { customer: true };
}): Promise<void> {
  const { companyId, checklistId, answers, by } = args;
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        jobId: assignedChecklists.jobId,
        name: assignedChecklists.name,
        items: assignedChecklists.items,
        answers: assignedChecklists.answers,
        completedAt: assignedChecklists.completedAt,
      })
      .from(assignedChecklists)
      .where(and(eq(assignedChecklists.id, checklistId), eq(assignedChecklists.companyId, companyId)))
      .for("update");
    if (!row) notFound();
    const now = new Date();
    const complete = isComplete(row.items, answers);
    const byUser = "userId" in by ? by.userId : null;
    await tx
      .update(assignedChecklists)
      .set({
        answers,
        completedAt: complete ? (row.completedAt ?? now) : null,
        answeredByUserId: byUser,
        answeredByCustomer: byUser === null,
        updatedAt: now,
      })
      .where(and(eq(assignedChecklists.id, checklistId), eq(assignedChecklists.companyId, companyId)));
    if (complete && !row.completedAt && row.jobId)
      await tx.insert(jobTimelineEvents).values({
        companyId,
        jobId: row.jobId,
        type: TimelineEvent.ChecklistCompleted,
        actorType: byUser === null ? ActorType.MainParticipant : ActorType.Employee,
        actorUserId: byUser,
        reason: row.name,
        data: { checklistId, name: row.name },
        at: now,
      });
    return row.answers;
  });
  await deleteStored(droppedFiles(previous, answers));
}

/** A signature written as a typed name, rendered to a PNG like a drawn one. */
async function typedSignaturePng(name: string): Promise<Buffer> {
  const escaped = name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return sharp({ text: { text: `<span foreground="#111111">${escaped}</span>`, font: "serif italic 48", rgba: true } })
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
}

/** The stored file as an answer holds it. */
const answerFile = (url: string, fileName: string, sizeBytes: number): FormAnswerFile => ({
  storageKey: keyFromUrl(url) ?? url,
  fileUrl: url,
  fileName,
  sizeBytes,
});

/**
 * Stores the files of an answer post, by item key: photos checked by content (JPEG, PNG, HEIC up
 * to 10 MB); signatures drawn (a PNG or JPEG data URL) or typed (a name, rendered). A refused
 * file is a RuleError on its answer field (`answer-<key>`), and nothing of the post stays stored.
 */
export async function storeChecklistFiles(
  companyId: number,
  uploads: { key: string; file: File }[],
  signatures: { key: string; dataUrl?: string; name?: string }[] = [],
): Promise<Record<string, FormAnswerFile[]>> {
  const stored: Record<string, FormAnswerFile[]> = {};
  const add = (key: string, file: FormAnswerFile) => (stored[key] ??= []).push(file);
  try {
    for (const { key, file } of uploads) {
      try {
        const image = await storeImageUpload({ companyId, folder: CHECKLIST_FOLDER, file, rules: photoImageRules });
        add(key, answerFile(image.url, file.name || "image.png", image.size));
      } catch (error) {
        if (error instanceof ImageUploadError) throw new RuleError({ [`answer-${key}`]: error.message });
        throw error;
      }
    }
    for (const { key, dataUrl, name } of signatures) {
      if (dataUrl) {
        add(key, answerFile(await storeSignatureImage(companyId, dataUrl, `answer-${key}`), "signature.png", 0));
      } else if (name) {
        const png = await typedSignaturePng(name);
        const file = await saveFile({ companyId, folder: SIGNATURE_FOLDER, extension: "png", data: png });
        add(key, answerFile(file.url, "signature.png", file.size));
      }
    }
  } catch (error) {
    await deleteStored(Object.values(stored).flat());
    throw error;
  }
  return stored;
}

const answeredBy = sql<
  string | null
>`case when ${users.id} is null then null else trim(${users.firstName} || ' ' || ${users.lastName}) end`;

const checklistColumns = {
  id: assignedChecklists.id,
  jobId: assignedChecklists.jobId,
  estimateId: assignedChecklists.estimateId,
  companyChecklistId: assignedChecklists.companyChecklistId,
  name: assignedChecklists.name,
  items: assignedChecklists.items,
  answers: assignedChecklists.answers,
  publicToken: assignedChecklists.publicToken,
  completedAt: assignedChecklists.completedAt,
  answeredByUserId: assignedChecklists.answeredByUserId,
  answeredByName: answeredBy,
  answeredByCustomer: assignedChecklists.answeredByCustomer,
  position: assignedChecklists.position,
  updatedAt: assignedChecklists.updatedAt,
};

export type AssignedChecklist = Awaited<ReturnType<typeof recordChecklists>>[number];

/** The checklists of a job or an estimate, in their order. */
export async function recordChecklists(companyId: number, record: ChecklistRecord) {
  return db
    .select(checklistColumns)
    .from(assignedChecklists)
    .leftJoin(users, eq(users.id, assignedChecklists.answeredByUserId))
    .where(and(eq(assignedChecklists.companyId, companyId), recordOf(record)))
    .orderBy(asc(assignedChecklists.position), asc(assignedChecklists.id));
}

/** One checklist of a job or an estimate, or null (another record's or company's is not found). */
export async function assignedChecklist(
  companyId: number,
  record: ChecklistRecord,
  checklistId: number,
): Promise<AssignedChecklist | null> {
  if (!Number.isSafeInteger(checklistId) || checklistId <= 0) return null;
  const [row] = await db
    .select(checklistColumns)
    .from(assignedChecklists)
    .leftJoin(users, eq(users.id, assignedChecklists.answeredByUserId))
    .where(and(eq(assignedChecklists.id, checklistId), eq(assignedChecklists.companyId, companyId), recordOf(record)));
  return row ?? null;
}
