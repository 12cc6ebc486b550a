import type { Validator } from "remix-validated-form";
import type { Access } from "~/models/access.server";
import { EMPLOYEE_FORM_ID } from "~/models/employees.schema";
import { employeePhotoStep, type SaveResult } from "~/models/employees.server";
import { IMAGE_MAX_BYTES, uploadMessages } from "~/services/images.server";
import { formDataObject, formErrors } from "~/utils/forms.server";

/** Room for the photo (10 MB) and the text fields; a larger post is refused before it is read. */
const MAX_POST_BYTES = IMAGE_MAX_BYTES + 256 * 1024;

const textValues = (formData: FormData) => Object.fromEntries(Object.entries(formDataObject(formData)).filter(([, v]) => typeof v === "string" || Array.isArray(v)));

/** The posted form, or the refusal of an oversize post (the image size message on the photo field). */
export async function readEmployeePost(request: Request): Promise<FormData | Response> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_POST_BYTES) return formErrors({ logo: uploadMessages.imageTooLarge }, {}, EMPLOYEE_FORM_ID);
  return request.formData();
}

/**
 * Validates the employee form. Refusals are returned, not thrown: a thrown response would
 * replace the page with the error screen, while a returned one re-renders the form with its
 * messages and values (also without JavaScript).
 */
export async function validateEmployeeForm<T>(formData: FormData, validator: Validator<T>): Promise<T | Response> {
  const result = await validator.validate(formData);
  return result.error ? formErrors(result.error.fieldErrors, textValues(formData), EMPLOYEE_FORM_ID) : result.data;
}

/** A refused save as the form's errors (fields, or the global message), with the values kept. */
export function saveErrors(result: Extract<SaveResult, { ok: false }>, formData: FormData): Response {
  return formErrors(result.errors ?? { _global: result.message ?? "" }, textValues(formData), EMPLOYEE_FORM_ID);
}

export const photoFrom = (access: Access, formData: FormData) => employeePhotoStep(access.ctx, formData.get("logo"));
