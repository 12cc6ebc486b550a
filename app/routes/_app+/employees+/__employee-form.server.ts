import type { Access } from "~/access/access.server";
import { EMPLOYEE_FORM_ID } from "~/models/employees/employees.schema";
import { employeePhotoStep } from "~/models/employees/employees.server";
import { formErrors } from "~/http/forms.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

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

export const photoFrom = (access: Access, formData: FormData) => employeePhotoStep(access.ctx, formData.get("logo"));
