import { json } from "@remix-run/node";
import { apiNotFound } from "~/http/api.server";
import { withUploadForm } from "~/http/uploads.server";
import { checkAttachment } from "~/models/files/detect.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { RuleError } from "~/models/rules";
import { deleteFile, saveUploadedFile } from "~/services/storage.server";

/** A stored upload as a record's attachment row takes it. */
export type RecordFile = { key: string; url: string; fileName: string; contentType: string; size: number };

const refusedUpload = (message: string) => json({ message, errors: { files: message } }, { status: 400 });

/**
 * One file per call onto a record (a job, an estimate): multipart with the record's id field and
 * files (or file), streamed to disk within the spec's size limits (uploadRules.jobAttachment). The
 * type is checked by content, the file stored in the company's `folder` and recorded by `record`
 * (null: the record is gone; a RuleError: refused, such as the count limit). The stored file is
 * removed when it is not recorded.
 */
export async function uploadRecordFile<Row>(
  request: Request,
  options: {
    companyId: number;
    idField: string;
    idRequired: string;
    folder: string;
    /** The record's id from the page's URL, which wins over the form's field. */
    id?: number;
    canSee: (id: number) => Promise<boolean>;
    record: (id: number, file: RecordFile) => Promise<Row | null>;
  },
): Promise<Response> {
  return withUploadForm(request, uploadRules.jobAttachment, refusedUpload, async (form) => {
    const id = options.id ?? Number(form.get(options.idField));
    if (!Number.isSafeInteger(id) || id <= 0)
      return json({ errors: { [options.idField]: options.idRequired } }, { status: 400 });
    const files = [...form.getAll("files"), ...form.getAll("file")].filter(
      (f): f is File => typeof f === "object" && f !== null && f.size > 0,
    );
    if (files.length !== 1)
      return json(
        { errors: { files: files.length ? "Upload one file per call." : "Choose a file to upload." } },
        { status: 400 },
      );
    if (!(await options.canSee(id))) return apiNotFound();
    const file = files[0];
    const checked = await checkAttachment(file);
    if ("refusal" in checked) return json({ errors: { files: checked.refusal } }, { status: 400 });
    const { name, detected } = checked;
    const stored = await saveUploadedFile({
      companyId: options.companyId,
      folder: options.folder,
      extension: detected.extension,
      file,
    });
    try {
      const row = await options.record(id, {
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
      if (error instanceof RuleError) return refusedUpload(error.message);
      throw error;
    }
  });
}
