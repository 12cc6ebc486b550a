import { json } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Validator } from "remix-validated-form";
import { notFound } from "~/access/access.server";
import { formFields, withoutPrototypeKeys } from "~/http/request-data.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";

/**
 * Fields never sent back to the browser after a failed post: passwords, tokens, card details and
 * the sign-in's one-time code (named `code`; a postal, area or expense code is kept like any field).
 */
const SECRET_FIELDS = /password|token|card|^code$/i;

/** The submitted values a failed post sends back: no secrets, and no files (a browser cannot refill them). */
function valuesToKeep(data: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => !SECRET_FIELDS.test(key) && !(value instanceof File)),
  );
}

/**
 * The server's one way to run a form validator: prototype keys are dropped first (the validator's
 * path setter throws on them, which would answer 500 to a hostile post).
 */
export function validateSubmission<T>(validator: Validator<T>, formData: FormData) {
  return validator.validate(withoutPrototypeKeys(formData));
}

/**
 * The one path of a screen's form post: the schema (the zod schema through remix-validated-form's
 * validator, the same the browser runs while typing), then `save`, where the model's rules
 * (RuleError: duplicates, limits) run. Either failure is *returned* as a 422 that puts each message
 * on its field with the submitted values minus secrets, so the page shows the form again, also
 * without JavaScript. Other errors propagate.
 */
export async function submitForm<T>(
  formData: FormData,
  validator: Validator<T>,
  formId: string | undefined,
  save: (data: T) => Promise<Response>,
): Promise<Response> {
  const result = await validateSubmission(validator, formData);
  if (result.error) return formErrors(result.error.fieldErrors, result.submittedData, formId);
  try {
    return await save(result.data);
  } catch (error) {
    if (error instanceof RuleError) return formErrors(error.fieldErrors, formFields(formData), formId);
    throw error;
  }
}

/** A check outside the schema failed (an upload refused before validation): the same 422 answer. */
export function formErrors(
  fieldErrors: Record<string, string>,
  submitted: Record<string, unknown> = {},
  formId?: string,
) {
  return validationError({ fieldErrors, formId }, valuesToKeep(submitted));
}

/**
 * A delete posted from a list or a record's page: a record the model refuses to delete (RuleError:
 * in use, your own account) goes back to `listUrl` with the refusal as an error toast, rendered by
 * the server so it shows without JavaScript; a missing or foreign record is 404.
 */
export async function deleteOrRefuse(listUrl: string, run: () => Promise<unknown>, success: string) {
  try {
    if (!(await run())) notFound();
  } catch (error) {
    if (error instanceof RuleError) return toasts().redirectWithError(listUrl, error.message);
    throw error;
  }
  return toasts().redirectWithSuccess(listUrl, success);
}

/** An unknown intent on a page with several forms. */
export function unknownIntent(): never {
  throw json({ message: "Unknown action" }, { status: 400 });
}
