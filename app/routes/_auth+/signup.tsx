import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm, validationError } from "remix-validated-form";
import {
  CheckboxField,
  FormError,
  Honeypot,
  NewPasswordField,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
} from "~/components/form";
import { Steps } from "~/components/steps";
import { db } from "~/db.server";
import { optionalAccess } from "~/access/access.server";
import {
  accountMessages,
  BUSINESS_TYPES,
  COUNTRIES,
  SIGN_UP_ACCOUNT_FIELDS,
  SIGN_UP_BUSINESS_FIELDS,
  SIGN_UP_STEPS,
  signUpAccountSchema,
  signUpScreenSchema,
  signUpWizardSchema,
  TEAM_SIZES,
} from "~/models/accounts/accounts.schema";
import { signUp } from "~/models/accounts/accounts.server";
import { homePathFor, Role } from "~/access/roles";
import { emailExists } from "~/models/accounts/signup.server";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import { commitNewSession, toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";
import { screens } from "~/access/route-table";

const validator = withZod(signUpWizardSchema);
const industryOptions = BUSINESS_TYPES.map((label, value) => ({ value, label }));
type Values = Record<string, string>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.signup);
  return json(null);
}

/** Everything typed so far but the passwords (they are never sent back). */
function keptValues(form: FormData, step: 1 | 2): Values {
  const values: Values = { step: String(step) };
  for (const name of [...SIGN_UP_ACCOUNT_FIELDS, ...SIGN_UP_BUSINESS_FIELDS]) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") values[name] = value;
  }
  return values;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await optionalAccess({ request, context }, screens.auth.signup);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "back") return json({ values: keptValues(form, 1) });
  if (intent === "next") return nextStep(form, clientAddress(context));
  if (intent === "create") return create(request, form, clientAddress(context));
  return json({ message: "Unknown action" }, { status: 400 });
}

/** Step 1 goes to the server (signUpFirstStepPassed): fields, then whether the email is free. */
async function nextStep(form: FormData, address: string | null) {
  const stay = keptValues(form, 1);
  const result = signUpAccountSchema.safeParse(Object.fromEntries(form));
  if (!result.success) return validationError({ fieldErrors: fieldErrors(result.error) }, stay);
  try {
    await consumeAttempt("signUp", { account: result.data.email, address });
    await consumeAttempt("emailCheck", { account: result.data.email, address });
  } catch (error) {
    if (error instanceof RateLimited)
      return validationError({ fieldErrors: { _global: error.message } }, stay, { status: 429 });
    throw error;
  }
  if (await emailExists(db, result.data.email))
    return validationError({ fieldErrors: { email: accountMessages.emailTaken } }, stay);
  return json({ values: keptValues(form, 2) });
}

async function create(request: Request, form: FormData, address: string | null) {
  const data = {
    ...Object.fromEntries(form),
    isDemoRequested: form.get("isDemoRequested") ?? undefined,
    terms: form.get("terms") ?? undefined,
  };
  const result = signUpScreenSchema.safeParse(data);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    // A first-step field that fails (changed by hand) sends the person back to it.
    const onFirstStep = SIGN_UP_ACCOUNT_FIELDS.some((name) => errors[name]);
    return validationError({ fieldErrors: errors }, keptValues(form, onFirstStep ? 1 : 2));
  }
  try {
    await consumeAttempt("signUp", { account: result.data.email, address });
  } catch (error) {
    if (error instanceof RateLimited)
      return validationError({ fieldErrors: { _global: error.message } }, keptValues(form, 2), { status: 429 });
    throw error;
  }
  const created = await signUp(result.data);
  if (!created.ok) return validationError({ fieldErrors: created.errors }, keptValues(form, 1));
  const cookie = await commitNewSession(request, created.userId);
  return toasts().redirectWithSuccess(homePathFor(Role.CompanyAdmin), "Welcome! Your 14-day free trial has started.", {
    headers: { "Set-Cookie": cookie },
  });
}

/** Sign up in two steps, each posted to the server: account, then business. */
export default function SignUpRoute() {
  const data = useActionData<{ values?: Values; repopulateFields?: Values }>();
  const values = data?.values ?? data?.repopulateFields ?? { step: "1", country: "US" };
  const step = values.step === "2" ? 2 : 1;
  const carried = step === 1 ? SIGN_UP_BUSINESS_FIELDS : SIGN_UP_ACCOUNT_FIELDS;
  return (
    <>
      <h1>Start your free trial</h1>
      <Steps steps={SIGN_UP_STEPS} current={step - 1} />
      <ValidatedForm key={step} validator={validator} method="post" defaultValues={values} className="stack" noValidate>
        <input type="hidden" name="step" value={step} />
        {carried.map((name) =>
          values[name] !== undefined ? <input key={name} type="hidden" name={name} value={values[name]} /> : null,
        )}
        {/* Enter in a field means the step's main button. */}
        <button
          type="submit"
          name="intent"
          value={step === 1 ? "next" : "create"}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <FormError />
        {step === 1 ? <AccountStep /> : <BusinessStep />}
      </ValidatedForm>
      <p className="muted">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </>
  );
}

function AccountStep() {
  return (
    <>
      <div className="form-grid">
        <TextField name="email" label="Email" type="email" autoComplete="email" className="span-2" required />
        <TextField name="firstName" label="First Name" autoComplete="given-name" required />
        <TextField name="lastName" label="Last Name" autoComplete="family-name" required />
        <TextField name="phoneNumber" label="Phone Number" type="tel" autoComplete="tel" className="span-2" required />
      </div>
      <div className="step-actions">
        <SubmitButton name="intent" value="next" className="button button-primary button-lg">
          Next
        </SubmitButton>
      </div>
    </>
  );
}

function BusinessStep() {
  return (
    <>
      <div className="form-grid">
        <NewPasswordField name="password" label="Password" />
        <NewPasswordField name="confirmPassword" label="Confirm Password" />
        <TextField name="businessName" label="Business Name" autoComplete="organization" className="span-2" required />
        <TextField name="businessPhoneNumber" label="Business Phone Number" type="tel" />
        <TextField name="businessWebsite" label="Business Website" type="url" placeholder="example.com" />
        <SelectField
          name="industry"
          label="Industry"
          options={industryOptions}
          placeholder="Choose your business type"
          required
        />
        <SelectField
          name="companySize"
          label="Company Size"
          options={TEAM_SIZES}
          placeholder="How many people work with you?"
          required
        />
        <TextField name="location" label="Location" autoComplete="address-level2" placeholder="City, State" />
        <SelectField name="country" label="Country" options={COUNTRIES} required />
        <TextareaField
          name="mainInterests"
          label="Main Interests"
          hint="What would you like to do first? (scheduling, invoicing...)"
          rows={2}
          className="span-2"
        />
      </div>
      <CheckboxField name="isDemoRequested" label="I would like a demo" value="true" />
      <CheckboxField name="terms" value="true" label="I accept the Terms and Conditions" />
      <Honeypot />
      <div className="step-actions">
        <SubmitButton name="intent" value="back" className="button">
          Back
        </SubmitButton>
        <SubmitButton
          name="intent"
          value="create"
          className="button button-primary button-lg"
          busyText="Creating your account..."
        >
          Create Account
        </SubmitButton>
      </div>
    </>
  );
}

/** The auth layout shows this screen in its wide card. */
export const handle = { authCard: "wide" };

export const meta: MetaFunction = () => [{ title: "Sign up | Fieldwise" }];
