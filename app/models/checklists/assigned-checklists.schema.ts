import { z } from "zod";
import { checkbox } from "~/utils/validation";

// Assigning and removing a job's or an estimate's checklists: the API's bodies (spec part 2
// section 7) and the details pages' forms.

export const checklistMessages = {
  chooseForm: "Choose at least one form",
  jobId: "Job Id is required",
  estimateId: "Estimate Id is required",
  formId: "Company Check List Id is required",
} as const;

/** A signature item's typed name (`answer-<key>`) signs alone; a drawn one comes in `drawn-<key>`. */
export const SIGNER_NAME_MAX = 120;
export const drawnSignatureField = (key: string) => `drawn-${key}`;

const recordId = (message: string) => z.coerce.number({ invalid_type_error: message }).int(message).positive(message);

/** One id or a list of ids ("1,2", [1, 2], companyCheckListIds[0]=1). */
export const formIds = z.preprocess(
  (v) =>
    v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v],
  z
    .array(z.coerce.number().int().positive(checklistMessages.chooseForm))
    .min(1, checklistMessages.chooseForm)
    .max(100, "Assign at most 100 forms at a time"),
);

/** POST jobs/assign-checklists {jobId, companyCheckListIds, includeRecurrent}. */
export const assignJobChecklistsSchema = z.object({
  jobId: recordId(checklistMessages.jobId),
  companyCheckListIds: formIds,
  includeRecurrent: checkbox().default(false),
});

/** POST estimates/assign-checklists {estimateId, companyCheckListIds}. */
export const assignEstimateChecklistsSchema = z.object({
  estimateId: recordId(checklistMessages.estimateId),
  companyCheckListIds: formIds,
});

/** POST jobs/remove-checklist {includeRecurrent, jobId, companyCheckListId}. */
export const removeJobChecklistSchema = z.object({
  jobId: recordId(checklistMessages.jobId),
  companyCheckListId: recordId(checklistMessages.formId),
  includeRecurrent: checkbox().default(false),
});

/** POST estimates/remove-checklist {estimateId, companyCheckListId}. */
export const removeEstimateChecklistSchema = z.object({
  estimateId: recordId(checklistMessages.estimateId),
  companyCheckListId: recordId(checklistMessages.formId),
});
