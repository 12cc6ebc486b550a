import { json } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Validator } from "remix-validated-form";
import { withoutPrototypeKeys } from "~/http/request-data.server";

/** Fields never sent back to the browser after a failed post. */
const SECRET_FIELDS = /password|token|code|card/i;

function withoutSecrets(data: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELDS.test(key)));
}

/**
 * The server's one way to run a form validator: prototype keys are dropped first (the validator's
 * path setter throws on them, which would answer 500 to a hostile post).
 */
export function validateSubmission<T>(validator: Validator<T>, formData: FormData) {
  return validator.validate(withoutPrototypeKeys(formData));
}

/**
 * Validates a posted form on the server. On failure throws the 422 answer that puts each
 * message on its field (also without JavaScript), with the submitted values minus secrets.
 */
export async function validateForm<T>(
  source: Request | FormData,
  validator: Validator<T>,
  formId?: string,
): Promise<T> {
  const formData = source instanceof Request ? await source.formData() : source;
  const result = await validateSubmission(validator, formData);
  if (result.error) throw validationError({ ...result.error, formId }, withoutSecrets(result.submittedData));
  return result.data;
}

/** A server-side rule failed (duplicate, limit): the same path as a schema error. */
export function formErrors(
  fieldErrors: Record<string, string>,
  submitted: Record<string, unknown> = {},
  formId?: string,
) {
  return validationError({ fieldErrors, formId }, withoutSecrets(submitted));
}

/** An unknown intent on a page with several forms. */
export function unknownIntent(): never {
  throw json({ message: "Unknown action" }, { status: 400 });
}

type RouteModules = Record<string, { module: { action?: (...args: never[]) => unknown } }>;

/**
 * Remix renders the error screen for a response an action *throws*; validation answers (422) must
 * be *returned* so the page shows the form with its messages, also without JavaScript. Models and
 * helpers throw them from deep inside (validateForm, formErrors); this wraps every route action of
 * the server build once, at start-up, so a thrown 422 is returned. Other throws pass unchanged.
 */
export function returnThrownFormErrors<Build extends { routes: RouteModules }>(build: Build): Build {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const action = route.module.action;
      if (!action) return [id, route];
      const wrapped = async (...args: never[]) => {
        try {
          return await action(...args);
        } catch (thrown) {
          if (thrown instanceof Response && thrown.status === 422) return thrown;
          throw thrown;
        }
      };
      return [id, { ...route, module: { ...route.module, action: wrapped } }];
    }),
  );
  return { ...build, routes };
}
