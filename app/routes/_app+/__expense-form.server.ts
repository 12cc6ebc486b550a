import { withZod } from "@remix-validated-form/with-zod";
import type { z } from "zod";
import type { CallerContext } from "~/access/access.server";
import { EXPENSE_FORM_ID, expenseFormSchema } from "~/models/expenses/expenses.schema";
import {
  createExpense,
  getExpense,
  getRelatedEntity,
  RECEIPT_FOLDER,
  searchRelatedEntities,
  updateExpense,
  type ExpenseRow,
  type RelatedEntity,
} from "~/models/expenses/expenses.server";
import { photoImageRules } from "~/models/files/file-rules";
import { uploadRules } from "~/models/files/upload-rules.server";
import { listExpenseCodes } from "~/models/company/company.server";
import { listEmployees } from "~/models/employees/employees.server";
import { dollarsInput } from "~/models/line-items/money";
import { RuleError } from "~/models/rules";
import { formErrors, submitForm } from "~/http/forms.server";
import { withUploadForm } from "~/http/uploads.server";
import { recordId } from "~/http/record-id";
import { notFound } from "~/access/access.server";
import { deleteFile } from "~/services/storage.server";
import { ImageUploadError, isFileChosen, storeImageUpload } from "~/services/images.server";

const validator = withZod(expenseFormSchema);

/** The form's fields, as the browser sends them (strings). */
export type ExpenseFormValues = {
  date: string;
  amount: string;
  expenseCodeId: string;
  description: string;
  employeeId: string;
  relatedEntityType: string;
  relatedEntityId: string;
  relatedSearch: string;
};
const FIELDS = [
  "date",
  "amount",
  "expenseCodeId",
  "description",
  "employeeId",
  "relatedEntityType",
  "relatedEntityId",
  "relatedSearch",
] as const satisfies readonly (keyof ExpenseFormValues)[];

const RELATED_OPTIONS_LIMIT = 20;

/**
 * The add/edit dialog's data for ?expense=new or ?expense=<id> (404 for another company's id): the
 * codes, the employees, the values (the stored expense, or the typed ones when "Find" was pressed
 * without JavaScript: a GET carrying the form's fields) and the related records to choose from.
 */
export async function expenseDialog(ctx: CallerContext, url: URL, today: string) {
  const param = url.searchParams.get("expense");
  if (param === null) return null;
  const expense = param === "new" ? null : await getExpense(ctx, recordId(param) ?? 0);
  if (param !== "new" && !expense) notFound();
  const typed = url.searchParams.has("find");
  const values: ExpenseFormValues = typed
    ? (Object.fromEntries(FIELDS.map((f) => [f, (url.searchParams.get(f) ?? "").slice(0, 1000)])) as ExpenseFormValues)
    : storedValues(ctx, expense, url, today);
  const [codes, employees, relatedOptions] = await Promise.all([
    listExpenseCodes(ctx),
    listEmployees(ctx),
    relatedChoices(ctx, values),
  ]);
  return {
    expense,
    values,
    codes: codes.map((c) => ({ value: c.id, label: c.name })),
    employees: employees.map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}`.trim() })),
    relatedOptions,
  };
}

function storedValues(ctx: CallerContext, expense: ExpenseRow | null, url: URL, today: string): ExpenseFormValues {
  const text = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
  if (!expense) {
    // "Add expense" from a job or estimate page names its record.
    const type = url.searchParams.get("relatedEntityType") ?? "";
    return {
      date: today,
      amount: "",
      expenseCodeId: "",
      description: "",
      employeeId: String(ctx.userId),
      relatedEntityType: /^[0-3]$/.test(type) ? type : "",
      relatedEntityId: text(recordId(url.searchParams.get("relatedEntityId"))),
      relatedSearch: "",
    };
  }
  return {
    date: expense.date,
    amount: dollarsInput(expense.amountCents),
    expenseCodeId: text(expense.expenseCodeId),
    description: text(expense.description),
    employeeId: text(expense.employeeId),
    relatedEntityType: text(expense.relatedEntityId === null ? null : expense.relatedEntityType),
    relatedEntityId: text(expense.relatedEntityId),
    relatedSearch: "",
  };
}

/** The related records to offer: the one chosen, then the matches of the typed search. */
async function relatedChoices(ctx: CallerContext, values: ExpenseFormValues): Promise<RelatedEntity[]> {
  const type = /^[0-3]$/.test(values.relatedEntityType) ? Number(values.relatedEntityType) : null;
  if (type === null) return [];
  const chosenId = recordId(values.relatedEntityId);
  const [chosen, matches] = await Promise.all([
    chosenId ? getRelatedEntity(ctx, type, chosenId) : null,
    searchRelatedEntities(ctx, {
      searchQuery: values.relatedSearch.slice(0, 200),
      entityType: type,
      limit: RELATED_OPTIONS_LIMIT,
    }),
  ]);
  return chosen ? [chosen, ...matches.filter((m) => m.id !== chosen.id)] : matches;
}

/**
 * Saves the dialog's form (multipart, the receipt streamed to disk within the image limit):
 * validates, stores a chosen receipt (checked by content; HEIC converted), then creates or
 * updates and answers with `done`. Errors come back on their fields with the values kept.
 */
export function saveExpenseFromForm(
  ctx: CallerContext,
  formData: FormData,
  existing: ExpenseRow | null,
  done: (created: boolean) => Promise<Response>,
): Promise<Response> {
  return submitForm(formData, validator, EXPENSE_FORM_ID, async (input) => {
    const saved = await saveExpense(ctx, formData, input, existing);
    if (!saved) notFound();
    return done(!existing);
  });
}

/** A receipt refused while the body streamed in (too large): the form again with the message on the field. */
export const receiptRefused = (message: string) => formErrors({ receipt: message }, {}, EXPENSE_FORM_ID);

async function saveExpense(
  ctx: CallerContext,
  formData: FormData,
  input: z.infer<typeof expenseFormSchema>,
  existing: ExpenseRow | null,
) {
  const file = formData.get("receipt");
  let stored: string | null = null;
  if (isFileChosen(file)) {
    try {
      stored = (
        await storeImageUpload({ companyId: ctx.companyId, folder: RECEIPT_FOLDER, file, rules: photoImageRules })
      ).url;
    } catch (error) {
      if (error instanceof ImageUploadError) throw new RuleError({ receipt: error.message });
      throw error;
    }
  }
  const { removeReceipt, ...fields } = input;
  try {
    if (!existing) return await createExpense(ctx, fields, stored);
    const receipt = stored ? { receiptUrl: stored } : removeReceipt ? { receiptUrl: null } : undefined;
    return await updateExpense(ctx, existing.id, fields, receipt);
  } catch (error) {
    await deleteFile(stored);
    throw error;
  }
}

/** Reads the action's form (multipart with the receipt, or plain) under the image modal's rule (upload target Expense). */
export const withExpenseForm = (request: Request, work: (form: FormData) => Promise<Response>) =>
  withUploadForm(request, uploadRules.image, receiptRefused, work);
