import { withZod } from "@remix-validated-form/with-zod";
import type { CallerContext } from "~/access/access.server";
import { companyProfileSchema, PROFILE_FORM_ID } from "~/models/company/company.schema";
import { updateCompanyProfile } from "~/models/company/company.server";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { formErrors, submitForm } from "~/http/forms.server";
import { RuleError } from "~/models/rules";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

/**
 * Runs `work` on the company profile post (multipart, the logo streamed to disk within its limit and
 * removed after `work`); an oversize logo or post is the logo field's error.
 */
export function withProfilePost(request: Request, work: (formData: FormData) => Promise<Response>): Promise<Response> {
  const refused = (message: string) => formErrors({ logo: message }, {}, PROFILE_FORM_ID);
  return withUploadForm(request, uploadRules.logo, refused, work);
}

/**
 * Saves the profile form: fields checked with the schema of the chosen country (phone region),
 * then the logo by content (JPEG or PNG, at most 5 MB, at least 256x256); answers with `done`.
 * Every failure is a 422 with the messages on their fields and the typed values kept.
 */
export function saveProfileFromForm(
  ctx: CallerContext,
  formData: FormData,
  done: () => Promise<Response>,
): Promise<Response> {
  const country = formData.get("country") === "CA" ? "CA" : "US";
  return submitForm(formData, withZod(companyProfileSchema(country)), PROFILE_FORM_ID, async (input) => {
    const logo = formData.get("logo");
    try {
      await updateCompanyProfile(ctx, input, isFileChosen(logo) ? logo : null);
    } catch (error) {
      if (error instanceof ImageUploadError) throw new RuleError({ logo: error.message });
      throw error;
    }
    return done();
  });
}
