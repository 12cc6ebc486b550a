import { and, count, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { customerAttachments } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { customerExists, listCustomerAttachments, type CustomerAttachment } from "~/models/customers/customers.server";
import { checkAttachment, type DetectedFile } from "~/models/files/detect.server";
import { attachmentCountError } from "~/models/files/file-rules";
import { deleteFile, fileUrl, keyFromUrl, saveUploadedFile } from "~/services/storage.server";
import type { DroppedFile } from "~/models/files/upload-rules.server";

export type UploadResult = { attachments: CustomerAttachment[]; errors: string[] } | null;

/**
 * Stores several files for a customer (uploaded to disk by the upload helper, which left out the
 * oversize ones: `dropped`). Oversize or unaccepted files are dropped with their message and the rest
 * kept; past the count limit nothing is stored. Null when the customer is not the caller's.
 */
export async function addCustomerAttachments(
  ctx: CallerContext,
  customerId: number,
  files: File[],
  dropped: DroppedFile[] = [],
): Promise<UploadResult> {
  if (!(await customerExists(ctx, customerId))) return null;
  const [{ n }] = await db
    .select({ n: count() })
    .from(customerAttachments)
    .where(and(eq(customerAttachments.customerId, customerId), eq(customerAttachments.companyId, ctx.companyId)));
  const countError = attachmentCountError(n, files.length + dropped.length);
  if (countError) return { attachments: [], errors: [countError] };
  const errors: string[] = [];
  const accepted: { file: File; name: string; detected: DetectedFile }[] = [];
  for (const file of files) {
    const checked = await checkAttachment(file);
    if ("refusal" in checked) errors.push(checked.refusal);
    else accepted.push({ file, ...checked });
  }
  errors.push(...dropped.map((d) => d.message));
  const saved = [];
  for (const { file, name, detected } of accepted) {
    const stored = await saveUploadedFile({
      companyId: ctx.companyId,
      folder: "customer-attachments",
      extension: detected.extension,
      file,
    });
    saved.push({
      companyId: ctx.companyId,
      customerId,
      storageKey: stored.key,
      fileName: name.slice(0, 255),
      contentType: detected.contentType,
      size: stored.size,
      createdByUserId: ctx.userId,
    });
  }
  if (saved.length) await db.insert(customerAttachments).values(saved);
  const all = await listCustomerAttachments(ctx, customerId);
  const savedKeys = new Set(saved.map((s) => fileUrl(s.storageKey)));
  return { attachments: all.filter((a) => savedKeys.has(a.fileUrl)), errors: [...new Set(errors)] };
}

/** Deletes one attachment by its URL (DELETE attachment {customerId, fileUrl}); false when not found. */
export async function deleteCustomerAttachment(ctx: CallerContext, customerId: number, url: string): Promise<boolean> {
  const key = keyFromUrl(url);
  if (!key) return false;
  const deleted = await db
    .delete(customerAttachments)
    .where(
      and(
        eq(customerAttachments.storageKey, key),
        eq(customerAttachments.customerId, customerId),
        eq(customerAttachments.companyId, ctx.companyId),
      ),
    )
    .returning({ key: customerAttachments.storageKey });
  if (!deleted.length) return false;
  await deleteFile(key);
  return true;
}

/** POST attachment's form (read by the upload helper): customerId and files (also `file`). */
export function attachmentUploadFrom(
  form: FormData,
  dropped: DroppedFile[],
): { customerId: number; files: File[] } | { message: string } {
  const customerId = Number(form.get("customerId"));
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return { message: "Customer Id is required" };
  const files = attachmentFilesFrom(form, dropped);
  return "message" in files ? files : { customerId, files: files.files };
}

/** The chosen files of a form (`files`, also `file`); an empty file input posts an empty part, ignored here. */
export function attachmentFilesFrom(form: FormData, dropped: DroppedFile[]): { files: File[] } | { message: string } {
  const entries = [...form.getAll("files"), ...form.getAll("file")].filter(
    (f): f is File => typeof f === "object" && f !== null && f.size > 0,
  );
  if (!entries.length && !dropped.length) return { message: "Choose at least one file to upload." };
  return { files: entries };
}
