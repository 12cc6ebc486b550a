import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, validationError } from "remix-validated-form";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { FormError, SubmitButton, TextField } from "~/components/form";
import { optionalAccess } from "~/access/access.server";
import { clearTwoFactor, readPendingTwoFactor, startTwoFactor } from "~/access/account-sessions.server";
import { accountMessages, signInSchema, verifyCodeScreenSchema } from "~/models/accounts/accounts.schema";
import {
  codeMessage,
  findAccountUser,
  sendTwoFactorCode,
  signInWithPassword,
  TWO_FACTOR_MINUTES,
  verifyTwoFactorCode,
  type SignInOutcome,
} from "~/models/accounts/accounts.server";
import { homePathFor } from "~/access/roles";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import { commitNewSession, safeRedirect, toasts } from "~/sessions.server";
import { validateSubmission } from "~/http/forms.server";
import { screens } from "~/access/route-table";

const signInValidator = withZod(signInSchema);
const codeValidator = withZod(verifyCodeScreenSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.login);
  const pending = await readPendingTwoFactor(request);
  // Only a return address that passes is written into the form: the page never carries another site's.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return json({ step: pending ? ("code" as const) : ("password" as const), redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.login);
  const form = await request.clone().formData();
  const address = clientAddress(context);
  try {
    switch (form.get("intent") ?? "signIn") {
      case "signIn":
        return await signIn(request, form, address);
      case "verify":
        return await verify(request, form, address);
      case "resend":
        return await resend(request, address);
      case "cancel":
        return redirect("/login", { headers: { "Set-Cookie": await clearTwoFactor(request) } });
      default:
        return json({ message: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof RateLimited)
      return validationError(
        { fieldErrors: { _global: error.message } },
        { email: form.get("email") },
        { status: 429 },
      );
    throw error;
  }
}

/** The password step: remix-auth's FormStrategy hands the form to our sign-in; the session is ours. */
async function signIn(request: Request, form: FormData, address: string | null) {
  const result = await validateSubmission(signInValidator, form);
  if (result.error) return validationError(result.error, { email: form.get("email") });
  const authenticator = new Authenticator<SignInOutcome>().use(
    new FormStrategy(() => signInWithPassword({ email: result.data.email, password: result.data.password, address })),
    "form",
  );
  const outcome = await authenticator.authenticate("form", request);
  // A refused return address means the home page, as none.
  const redirectTo = safeRedirect(result.data.redirectTo, "") || null;
  if (outcome.kind === "invalid")
    return validationError(
      { fieldErrors: { _global: accountMessages.invalidCredentials } },
      { email: result.data.email },
    );
  if (outcome.kind === "twoFactor") {
    const cookie = await startTwoFactor(request, {
      userId: outcome.user.id,
      redirectTo,
      expiresAt: Date.now() + TWO_FACTOR_MINUTES * 60_000,
    });
    return redirect("/login", { headers: { "Set-Cookie": cookie } });
  }
  return redirect(redirectTo ?? homePathFor(outcome.user.role), {
    headers: { "Set-Cookie": await commitNewSession(request, outcome.user.id) },
  });
}

async function pendingUser(request: Request) {
  const pending = await readPendingTwoFactor(request);
  const user = pending ? await findAccountUser(pending.userId) : null;
  return pending && user ? { pending, user } : null;
}

async function verify(request: Request, form: FormData, address: string | null) {
  const waiting = await pendingUser(request);
  if (!waiting)
    return toasts().redirectWithError("/login", accountMessages.signInExpired, {
      headers: { "Set-Cookie": await clearTwoFactor(request) },
    });
  const result = await validateSubmission(codeValidator, form);
  if (result.error) return validationError(result.error);
  await consumeAttempt("code", { account: waiting.user.email, address });
  const outcome = await verifyTwoFactorCode(waiting.user.id, result.data.code);
  if (outcome !== "ok")
    return validationError({ fieldErrors: { code: codeMessage(outcome) } }, undefined, { status: 400 });
  return redirect(waiting.pending.redirectTo ?? homePathFor(waiting.user.role), {
    headers: { "Set-Cookie": await commitNewSession(request, waiting.user.id) },
  });
}

async function resend(request: Request, address: string | null) {
  const waiting = await pendingUser(request);
  if (!waiting)
    return toasts().redirectWithError("/login", accountMessages.signInExpired, {
      headers: { "Set-Cookie": await clearTwoFactor(request) },
    });
  await consumeAttempt("code", { account: waiting.user.email, address });
  await sendTwoFactorCode(waiting.user);
  const cookie = await startTwoFactor(request, {
    ...waiting.pending,
    expiresAt: Date.now() + TWO_FACTOR_MINUTES * 60_000,
  });
  return toasts().redirectWithSuccess("/login", "We sent a new code to your email.", {
    headers: { "Set-Cookie": cookie },
  });
}

/** Sign in, then the emailed code when the user has two-factor on. */
export default function LoginRoute() {
  const { step, redirectTo } = useLoaderData<typeof loader>();
  return step === "code" ? <CodeStep /> : <PasswordStep redirectTo={redirectTo} />;
}

function PasswordStep({ redirectTo }: { redirectTo: string }) {
  return (
    <>
      <h1>Sign in</h1>
      {/* Posts to the checked return address's /login, not to this address and its query as given: a refused one is left behind. */}
      <ValidatedForm
        validator={signInValidator}
        method="post"
        action={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
        className="stack"
        noValidate
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError />
        <TextField name="email" label="Email" type="email" autoComplete="username" required />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
        <p>
          <Link to="/forgot">Forgot password?</Link>
        </p>
        <SubmitButton name="intent" value="signIn" className="button button-primary button-lg" busyText="Signing in...">
          Sign In
        </SubmitButton>
      </ValidatedForm>
      <p className="muted">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </>
  );
}

function CodeStep() {
  return (
    <>
      <h1>Enter your code</h1>
      <p className="muted">{accountMessages.codeSent}</p>
      <ValidatedForm validator={codeValidator} method="post" className="stack" noValidate>
        <FormError />
        <TextField
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
        <SubmitButton name="intent" value="verify" className="button button-primary button-lg" busyText="Checking...">
          Verify
        </SubmitButton>
      </ValidatedForm>
      <Form method="post" className="row">
        <button type="submit" name="intent" value="resend" className="button-link">
          Send a new code
        </button>
        <button type="submit" name="intent" value="cancel" className="button-link">
          Use another account
        </button>
      </Form>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in | Fieldwise" }];
