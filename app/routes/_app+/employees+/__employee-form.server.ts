import type { Validator } from "remix-validated-form";
import type { Access } from "~/access/access.server";
import { EMPLOYEE_FORM_ID } from "~/models/employees/employees.schema";
import { employeePhotoStep, type SaveResult } from "~/models/employees/employees.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/models/files/uploads.server";
import { formErrors, validateSubmission } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";

const textValues = (formData: FormData) =>
  Object.fromEntries(Object.entries(formFields(formData)).filter(([, v]) => typeof v === "string" || Array.isArray(v)));

/**
 * Runs `work` on the posted form, the photo streamed to disk within the image limit (removed after
 * `work`); an oversize photo or post comes back as the form's error on the photo field.
 */
export function withEmployeePost(request: Request, work: (formData: FormData) => Promise<Response>): Promise<Response> {
  return withUploadForm(
    request,
    uploadRules.image,
    (message) => formErrors({ logo: message }, {}, EMPLOYEE_FORM_ID),
    work,
  );
}

/**
 * Validates the employee form. Refusals are returned, not thrown: a thrown response would
 * replace the page with the error screen, while a returned one re-renders the form with its
 * messages and values (also without JavaScript).
 */
export async function validateEmployeeForm<T>(formData: FormData, validator: Validator<T>): Promise<T | Response> {
  const result = await validateSubmission(validator, formData);
  return result.error ? formErrors(result.error.fieldErrors, textValues(formData), EMPLOYEE_FORM_ID) : result.data;
}

/** A refused save as the form's errors (fields, or the global message), with the values kept. */
export function saveErrors(result: Extract<SaveResult, { ok: false }>, formData: FormData): Response {
  return formErrors(result.errors ?? { _global: result.message ?? "" }, textValues(formData), EMPLOYEE_FORM_ID);
}

export const photoFrom = (access: Access, formData: FormData) => employeePhotoStep(access.ctx, formData.get("logo"));
