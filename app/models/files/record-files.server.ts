import { and, asc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db.server";
import type { CallerContext } from "~/access/access.server";
import type { RecordFile } from "~/http/record-files.server";
import { attachmentCountError } from "~/models/files/file-rules";

/**
 * Shared because jobs and estimates keep their files alike (attachments and current-state photos,
 * tables of attachmentColumns): one model counts, records, lists and removes a record's files.
 */

/** A record's file table by the columns this model reads; `recordKey` names its record column on insert. */
export type RecordFileTable = {
  table: PgTable;
  recordKey: string;
  recordId: AnyPgColumn;
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  storageKey: AnyPgColumn;
  fileUrl: AnyPgColumn;
  fileName: AnyPgColumn;
  contentType: AnyPgColumn;
  sizeBytes: AnyPgColumn;
  createdAt: AnyPgColumn;
};

type FileColumns = Omit<RecordFileTable, "table" | "recordKey" | "recordId">;

/** The file table of a record whose own column is `recordKey` (jobId, estimateId). */
export function recordFileTable<K extends string>(
  table: PgTable & FileColumns & Record<K, AnyPgColumn>,
  recordKey: K,
): RecordFileTable {
  return { ...pick(table), table, recordKey, recordId: table[recordKey] };
}

const pick = (t: FileColumns): FileColumns => ({
  id: t.id,
  companyId: t.companyId,
  storageKey: t.storageKey,
  fileUrl: t.fileUrl,
  fileName: t.fileName,
  contentType: t.contentType,
  sizeBytes: t.sizeBytes,
  createdAt: t.createdAt,
});

/** A record's file as its page and the API show it. */
export type StoredRecordFile = {
  id: number;
  fileUrl: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
};

const shown = (t: RecordFileTable) => ({
  id: t.id,
  fileUrl: t.fileUrl,
  fileName: t.fileName,
  contentType: t.contentType,
  sizeBytes: t.sizeBytes,
  createdAt: t.createdAt,
});

/**
 * Records a stored file on a record the caller has found and locked (two uploads at once cannot
 * both take the last place), within the attachments' count limit: past it, `refuse` gets the
 * message (the model throws its rule error on `files`).
 */
export async function addRecordFile(
  tx: Executor,
  ctx: CallerContext,
  t: RecordFileTable,
  recordId: number,
  file: RecordFile,
  refuse: (message: string) => never,
): Promise<StoredRecordFile> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(t.table)
    .where(and(eq(t.recordId, recordId), eq(t.companyId, ctx.companyId)));
  const tooMany = attachmentCountError(n, 1);
  if (tooMany) refuse(tooMany);
  const values = {
    companyId: ctx.companyId,
    [t.recordKey]: recordId,
    storageKey: file.key,
    fileUrl: file.url,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.size,
    uploadedByUserId: ctx.userId,
  };
  // The table is only known as "a record's files" here; recordFileTable checked its columns.
  const [row] = await tx
    .insert(t.table)
    .values(values as never)
    .returning(shown(t));
  return row as StoredRecordFile;
}

/** Removes a record's file by its URL; its storage key and name, or null when the record has no such file. */
export async function removeRecordFile(
  tx: Executor,
  ctx: CallerContext,
  t: RecordFileTable,
  recordId: number,
  fileUrl: string,
): Promise<{ key: string; fileName: string } | null> {
  const [row] = await tx
    .delete(t.table)
    .where(and(eq(t.recordId, recordId), eq(t.companyId, ctx.companyId), eq(t.fileUrl, fileUrl)))
    .returning({ key: t.storageKey, fileName: t.fileName });
  return (row as { key: string; fileName: string } | undefined) ?? null;
}

/** A record's files, oldest first, as its details page shows them. */
export async function listRecordFiles(t: RecordFileTable, recordId: number): Promise<StoredRecordFile[]> {
  const rows = await db
    .select(shown(t))
    .from(t.table)
    .where(eq(t.recordId, recordId))
    .orderBy(asc(t.createdAt), asc(t.id));
  return rows as StoredRecordFile[];
}
