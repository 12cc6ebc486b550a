import { withUploadForm } from "~/http/uploads.server";
import {
  checklistUploadRule,
  publicFormUploadRule,
  deleteStored,
  saveChecklistAnswers,
  storeChecklistFiles,
  type AssignedChecklist,
} from "~/models/checklists/assigned-checklists.server";
import { drawnSignatureField, SIGNER_NAME_MAX } from "~/models/checklists/assigned-checklists.schema";
import { answerField, FormItemType, parseAnswers, removeFileField } from "~/models/checklists/checklist-items";
import { RuleError } from "~/models/rules";
import { isFileChosen } from "~/services/images.server";
import { messages } from "~/utils/validation";

// The public form reads these names from here too.
export { drawnSignatureField, SIGNER_NAME_MAX };

export type ChecklistPost =
  | { status: "saved" }
  /** Field errors by answer field, with the typed values to show again. */
  | { status: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  /** The body was refused while it streamed (too large, too many files, not multipart). */
  | { status: "refused"; message: string };

/**
 * A checklist's answers as the fill-in screen and PUT .../checklist/{checklistId} send them
 * (multipart; `answer-<key>` values and files, `remove-<key>` stored photos to drop, `drawn-<key>`
 * a drawn signature or `answer-<key>` a typed name or data URL): files stored, answers checked by
 * parseAnswers and saved; the new files go again when the answers are refused.
 */
export function submitChecklistAnswers(
  request: Request,
  target: { companyId: number; checklist: AssignedChecklist; by: { userId: number } | { customer: true } },
): Promise<ChecklistPost> {
  const { companyId, checklist, by } = target;
  return withUploadForm(
    request,
    // An anonymous customer sends fewer photos per post than staff.
    "customer" in by ? publicFormUploadRule : checklistUploadRule,
    (message): ChecklistPost => ({ status: "refused", message }),
    async (form) => {
      const values: Record<string, string> = {};
      const uploads: { key: string; file: File }[] = [];
      const signatures: { key: string; dataUrl?: string; name?: string }[] = [];
      const removed: Record<string, string[]> = {};
      const errors: Record<string, string> = {};
      for (const item of checklist.items) {
        const field = answerField(item.key);
        const entries = form.getAll(field);
        const text = entries.find((v): v is string => typeof v === "string");
        if (text !== undefined) values[field] = text;
        removed[item.key] = form.getAll(removeFileField(item.key)).filter((v): v is string => typeof v === "string");
        if (item.type === FormItemType.Images || item.type === FormItemType.Signature)
          for (const file of entries.filter(isFileChosen)) uploads.push({ key: item.key, file });
        if (item.type !== FormItemType.Signature) continue;
        const drawn = form.get(drawnSignatureField(item.key));
        const typed = (text ?? "").trim();
        if (typeof drawn === "string" && drawn) signatures.push({ key: item.key, dataUrl: drawn });
        else if (typed.startsWith("data:")) signatures.push({ key: item.key, dataUrl: typed });
        else if (typed.length > SIGNER_NAME_MAX) errors[field] = messages.max(item.label, SIGNER_NAME_MAX);
        else if (typed) signatures.push({ key: item.key, name: typed });
      }
      if (Object.keys(errors).length) return { status: "invalid", errors, values };
      let files: Awaited<ReturnType<typeof storeChecklistFiles>>;
      try {
        files = await storeChecklistFiles(companyId, uploads, signatures);
      } catch (error) {
        if (!(error instanceof RuleError)) throw error;
        return { status: "invalid", errors: error.fieldErrors, values };
      }
      const parsed = parseAnswers(checklist.items, { values, files, removed }, checklist.answers);
      if (Object.keys(parsed.errors).length) {
        await deleteStored(Object.values(files).flat());
        return { status: "invalid", errors: parsed.errors, values };
      }
      try {
        await saveChecklistAnswers({ companyId, checklistId: checklist.id, answers: parsed.answers, by });
      } catch (error) {
        await deleteStored(Object.values(files).flat());
        throw error;
      }
      return { status: "saved" };
    },
  );
}
