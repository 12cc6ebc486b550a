import { notFound } from "~/access/access.server";
import { CompanyRuleError } from "~/models/company/company.server";
import { LeadSourceNameTakenError } from "~/models/company/lead-sources.server";
import { TagNameTakenError } from "~/models/company/tags.server";
import { toasts } from "~/sessions.server";
import { formErrors } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";

/** The positive integer id a settings form or URL carries, or null. */
export function recordId(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The company's record named in the URL or form, else 404 (another company's id included). */
export async function requireRecord<T>(value: string | null, get: (id: number) => Promise<T | null>): Promise<T> {
  return (await get(recordId(value) ?? 0)) ?? notFound();
}

/** Route state of an add/edit dialog (?edit=new or ?edit=<id>): "new", the record, or null when closed. */
export async function openedRecord<T>(
  value: string | null,
  get: (id: number) => Promise<T | null>,
): Promise<T | "new" | null> {
  if (value === null) return null;
  return value === "new" ? "new" : requireRecord(value, get);
}

/**
 * Runs a settings save; a rule of the model (duplicate name) comes back as a 422 on its field,
 * with the submitted values, exactly like a schema error.
 */
export async function saveWithRuleErrors<T>(formData: FormData, formId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CompanyRuleError)
      throw formErrors({ [error.field]: error.message }, formFields(formData), formId);
    if (error instanceof TagNameTakenError || error instanceof LeadSourceNameTakenError)
      throw formErrors({ name: error.message }, formFields(formData), formId);
    throw error;
  }
}

/**
 * Runs a settings delete: a record the model refuses to delete (in use) goes back to the list
 * with the refusal as an error toast (rendered by the server, so it shows without JavaScript).
 */
export async function deleteOrRefuse(
  listUrl: string,
  run: () => Promise<boolean>,
  success: string,
): Promise<Response | null> {
  try {
    if (!(await run())) return null;
  } catch (error) {
    if (error instanceof CompanyRuleError) return toasts().redirectWithError(listUrl, error.message);
    throw error;
  }
  return toasts().redirectWithSuccess(listUrl, success);
}
