import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, validationError } from "remix-validated-form";
import { FormError, SubmitButton, TextField } from "~/components/form";
import { optionalAccess } from "~/access/access.server";
import { accountMessages, forgotPasswordSchema } from "~/models/accounts/accounts.schema";
import { requestPasswordReset } from "~/models/accounts/accounts.server";
import { clientAddress, RateLimited } from "~/services/rate-limits.server";
import { validateSubmission } from "~/http/forms.server";
import { screens } from "~/access/route-table";

const validator = withZod(forgotPasswordSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.forgot);
  return json(null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.forgot);
  const result = await validateSubmission(validator, await request.formData());
  if (result.error) return validationError(result.error, result.submittedData);
  try {
    await requestPasswordReset({ email: result.data.email, address: clientAddress(context) });
  } catch (error) {
    if (error instanceof RateLimited)
      return validationError(
        { fieldErrors: { _global: error.message } },
        { email: result.data.email },
        { status: 429 },
      );
    throw error;
  }
  // The same answer whether the email has an account or not.
  return json({ sent: true as const, email: result.data.email });
}

/** Forgot password: a single-use link by email, valid 1 hour. */
export default function ForgotPasswordRoute() {
  const data = useActionData<{ sent?: true; email?: string }>();
  if (data?.sent) {
    return (
      <>
        <h1>Check your email</h1>
        <p className="alert alert-success" role="status">
          {accountMessages.forgotSent}
        </p>
        <p className="muted">
          <Link to="/login">Back to sign in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the email you sign in with and we will send you a link to choose a new password.</p>
      <ValidatedForm validator={validator} method="post" className="stack" noValidate>
        <FormError />
        <TextField name="email" label="Email" type="email" autoComplete="username" required />
        <SubmitButton className="button button-primary button-lg" busyText="Sending...">
          Send Reset Link
        </SubmitButton>
      </ValidatedForm>
      <p className="muted">
        <Link to="/login">Back to sign in</Link>
      </p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot password | Fieldwise" }];
