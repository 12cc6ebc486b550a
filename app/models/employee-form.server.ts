import type { Access } from "~/models/access.server";
import { EMPLOYEE_FORM_ID } from "~/models/employees.schema";
import { employeePhotoStep, type SaveResult } from "~/models/employees.server";
import { IMAGE_MAX_BYTES, uploadMessages } from "~/services/images.server";
import { formDataObject, formErrors } from "~/utils/forms.server";

/** Room for the photo (10 MB) and the text fields; a larger post is refused before it is read. */
const MAX_POST_BYTES = IMAGE_MAX_BYTES + 256 * 1024;

/** Reads the employee form post; an oversize post answers the image size message on the photo field. */
export async function readEmployeePost(request: Request): Promise<FormData> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_POST_BYTES) throw formErrors({ logo: uploadMessages.imageTooLarge }, {}, EMPLOYEE_FORM_ID);
  return request.formData();
}

/** A refused save as the form's errors (fields, or the global message), with the values kept. */
export function throwSaveErrors(result: Extract<SaveResult, { ok: false }>, formData: FormData): never {
  const values = Object.fromEntries(Object.entries(formDataObject(formData)).filter(([, v]) => typeof v === "string" || Array.isArray(v)));
  throw formErrors(result.errors ?? { _global: result.message ?? "" }, values, EMPLOYEE_FORM_ID);
}

export const photoFrom = (access: Access, formData: FormData) => employeePhotoStep(access.ctx, formData.get("logo"));
