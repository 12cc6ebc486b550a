import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import type { CallerContext } from "~/access/access.server";
import { companyProfileSchema, PROFILE_FORM_ID } from "~/models/company/company.schema";
import { updateCompanyProfile } from "~/models/company/company.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { withUploadForm } from "~/models/files/uploads.server";
import { formErrors, validateSubmission } from "~/http/forms.server";

/**
 * Runs `work` on the company profile post (multipart, the logo streamed to disk within its limit and
 * removed after `work`); an oversize logo or post is the logo field's error.
 */
export function withProfilePost(request: Request, work: (formData: FormData) => Promise<Response>): Promise<Response> {
  const refused = (message: string): never => {
    throw formErrors({ logo: message }, {}, PROFILE_FORM_ID);
  };
  return withUploadForm(request, uploadRules.logo, refused, work);
}

/**
 * Saves the profile form: fields checked with the schema of the chosen country (phone region),
 * then the logo by content (JPEG or PNG, at most 5 MB, at least 256x256). Every failure is a 422
 * with the messages on their fields and the typed values kept.
 */
export async function saveProfileFromForm(ctx: CallerContext, formData: FormData): Promise<void> {
  const country = formData.get("country") === "CA" ? "CA" : "US";
  const result = await validateSubmission(withZod(companyProfileSchema(country)), formData);
  const { logo: _file, ...submitted } = result.submittedData;
  if (result.error) throw validationError({ ...result.error, formId: PROFILE_FORM_ID }, submitted);
  const logo = formData.get("logo");
  try {
    await updateCompanyProfile(ctx, result.data, isFileChosen(logo) ? logo : null);
  } catch (error) {
    if (error instanceof ImageUploadError) throw formErrors({ logo: error.message }, submitted, PROFILE_FORM_ID);
    throw error;
  }
}
