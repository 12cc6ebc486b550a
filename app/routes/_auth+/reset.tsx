import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, validationError } from "remix-validated-form";
import { FormError, NewPasswordField, SubmitButton } from "~/components/form";
import { optionalAccess } from "~/access/access.server";
import { accountMessages, resetPasswordScreenSchema } from "~/models/accounts/accounts.schema";
import { checkResetToken, resetPassword } from "~/models/accounts/accounts.server";
import { toasts } from "~/sessions.server";
import { validateSubmission } from "~/http/forms.server";
import { screens } from "~/access/route-table";

const validator = withZod(resetPasswordScreenSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.reset);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const problem = token ? await checkResetToken(token) : accountMessages.linkInvalid;
  return json({ token, problem }, { status: problem ? 400 : 200 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.reset);
  const result = await validateSubmission(validator, await request.formData());
  if (result.error) return validationError(result.error);
  const reset = await resetPassword({ token: result.data.token, password: result.data.password });
  if (!reset.ok) return validationError({ fieldErrors: { _global: reset.message } }, undefined, { status: 400 });
  return toasts().redirectWithSuccess("/login", accountMessages.passwordChanged);
}

/** Choose a new password from the emailed link. */
export default function ResetPasswordRoute() {
  const { token, problem } = useLoaderData<typeof loader>();
  if (problem) {
    return (
      <>
        <h1>Reset password</h1>
        <p className="form-error" role="alert">
          {problem}
        </p>
        <p>
          <Link className="button button-primary" to="/forgot">
            Ask for a new link
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <ValidatedForm validator={validator} method="post" className="stack" noValidate>
        <input type="hidden" name="token" value={token} />
        <FormError />
        <NewPasswordField name="password" label="Password" hint="At least 8 characters" />
        <NewPasswordField name="confirmPassword" label="Confirm Password" />
        <SubmitButton className="button button-primary button-lg" busyText="Saving...">
          Save Password
        </SubmitButton>
      </ValidatedForm>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Reset password | Fieldwise" }];
