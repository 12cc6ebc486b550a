import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import type { CallerContext } from "~/models/access.server";
import { companyProfileSchema, PROFILE_FORM_ID } from "~/models/company.schema";
import { updateCompanyProfile } from "~/models/company.server";
import { ImageUploadError, isFileChosen, LOGO_MAX_BYTES, uploadMessages } from "~/services/images.server";
import { formErrors } from "~/utils/forms.server";

/** A post far above the logo limit is refused before it is read. */
const MAX_POST_BYTES = 4 * LOGO_MAX_BYTES;

/** The company profile post (multipart): read within the size cap, or the logo's size message. */
export async function readProfilePost(request: Request): Promise<FormData> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_POST_BYTES) throw formErrors({ logo: uploadMessages.logoTooLarge }, {}, PROFILE_FORM_ID);
  return request.formData();
}

/**
 * Saves the profile form: fields checked with the schema of the chosen country (phone region),
 * then the logo by content (JPEG or PNG, at most 5 MB, at least 256x256). Every failure is a 422
 * with the messages on their fields and the typed values kept.
 */
export async function saveProfileFromForm(ctx: CallerContext, formData: FormData): Promise<void> {
  const country = formData.get("country") === "CA" ? "CA" : "US";
  const result = await withZod(companyProfileSchema(country)).validate(formData);
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
