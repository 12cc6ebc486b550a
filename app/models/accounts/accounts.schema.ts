import { z } from "zod";
import {
  checkbox,
  emailField,
  messages,
  optionalText,
  phoneField,
  optionalPhoneField,
  requiredText,
  urlField,
} from "~/utils/validation";

/** The 23 business types offered at sign-up; the stored industry is the index in this list. */
export const BUSINESS_TYPES = [
  "Appliance Repair",
  "Carpet Cleaning",
  "Chimney Sweep",
  "Cleaning",
  "Construction",
  "Contractor",
  "Electrical",
  "Fencing",
  "Flooring",
  "Garage Door",
  "Handyman",
  "HVAC",
  "Junk Removal",
  "Landscaping",
  "Lawn Care",
  "Locksmith",
  "Painting",
  "Pest Control",
  "Plumbing",
  "Pool and Spa",
  "Pressure Washing",
  "Roofing",
  "Window Cleaning",
] as const;

/** Team size values of the spec. */
export const TEAM_SIZES = [
  { value: 0, label: "Just me" },
  { value: 1, label: "2-5" },
  { value: 2, label: "6-9" },
  { value: 3, label: "10+" },
] as const;

export const COUNTRIES = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
] as const;

/** Messages of the account screens and calls (the spec leaves these to us). */
export const accountMessages = {
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  codeSent: "We sent a 6-digit code to your email. It is valid for 10 minutes.",
  wrongCode: "The code is not correct. Check the latest email we sent and try again.",
  codeExpired: "This code has expired. Sign in again to get a new code.",
  tooManyTries: "Too many wrong codes. Sign in again to get a new code.",
  signInExpired: "Your sign-in has expired. Please sign in again.",
  forgotSent:
    "If an account exists for this email, we sent a link to reset the password. The link is valid for 1 hour.",
  linkInvalid: "This link is not valid. Please ask for a new one.",
  linkExpired: "This link has expired. Please ask for a new one.",
  linkUsed: "This link was already used. Please ask for a new one.",
  passwordChanged: "Your password was changed. Sign in with your new password.",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A form field a person never sees; a bot that fills it is refused. */
export const HONEYPOT_FIELD = "websiteUrl";

const password = (label = "Password") =>
  z
    .string({ required_error: messages.required(label) })
    .min(1, messages.required(label))
    .min(PASSWORD_MIN, messages.min(label, PASSWORD_MIN))
    .max(PASSWORD_MAX, messages.max(label, PASSWORD_MAX));
const choice = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce
      .number({ required_error: messages.required(label), invalid_type_error: messages.required(label) })
      .int()
      .min(0)
      .max(max),
  );
const honeypot = z.preprocess(
  (v) => (v === undefined || v === null ? "" : v),
  z.string().max(0, "Please leave this field empty"),
);

/**
 * A list-like field that takes a list or a text: ["a", "b"], "a,b" and "a" are all stored as one
 * comma-joined text ("a, b"): entries trimmed, blank ones dropped (docs/decisions: list-or-text fields).
 */
export function listOrText(label: string, opts: { max: number }) {
  const joined = (v: unknown) => {
    if (v === undefined || v === null) return undefined;
    const entries = (Array.isArray(v) ? v : [v]).flatMap((entry) =>
      typeof entry === "string" ? entry.split(",") : [entry],
    );
    if (entries.some((entry) => typeof entry !== "string")) return v;
    const text = (entries as string[])
      .map((entry) => entry.trim())
      .filter(Boolean)
      .join(", ");
    return text === "" ? undefined : text;
  };
  return z
    .preprocess(
      joined,
      z
        .string({ invalid_type_error: `${label} must be a list of texts or a text` })
        .max(opts.max, messages.max(label, opts.max))
        .optional(),
    )
    .describe(
      `A list of texts or one comma-separated text; stored comma-joined ("a, b"), at most ${opts.max} characters`,
    );
}

/** Step 1 of sign-up, also the body of account/signUpFirstStepPassed. */
export const signUpAccountSchema = z.object({
  email: emailField(),
  firstName: requiredText("First Name", { min: 2, max: 255 }),
  lastName: requiredText("Last Name", { min: 2, max: 255 }),
  phoneNumber: phoneField("Phone Number"),
});

/** Step 2 of sign-up: password and business. */
export const signUpBusinessObject = z.object({
  password: password(),
  businessName: requiredText("Business Name", { min: 2, max: 255 }),
  businessPhoneNumber: optionalPhoneField(),
  businessWebsite: urlField("Business Website"),
  industry: choice("Industry", BUSINESS_TYPES.length - 1),
  companySize: choice("Company Size", TEAM_SIZES.length - 1),
  mainInterests: listOrText("Main Interests", { max: 500 }),
  location: optionalText("Location", { max: 500 }),
  isDemoRequested: checkbox(),
  country: z.enum(["US", "CA"], { errorMap: () => ({ message: messages.required("Country") }) }).default("US"),
});

const screenOnly = z.object({
  confirmPassword: z.string().optional(),
  terms: checkbox().refine((v) => v, messages.acceptTerms),
  [HONEYPOT_FIELD]: honeypot,
});

const matchingPasswords = (v: { password?: string; confirmPassword?: string }, ctx: z.RefinementCtx) => {
  if (v.password && v.confirmPassword !== v.password)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.confirmPassword });
};

/** The sign-up screen's second step (with the first step's fields carried along). */
export const signUpBusinessStepSchema = signUpBusinessObject.merge(screenOnly).superRefine(matchingPasswords);
/** The whole sign-up screen. */
export const signUpScreenSchema = signUpAccountSchema
  .merge(signUpBusinessObject)
  .merge(screenOnly)
  .superRefine(matchingPasswords);
/** account/sign-up (API): terms acceptance is the caller's to show; the honeypot is a screen thing. */
export const signUpSchema = signUpAccountSchema.merge(signUpBusinessObject);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField(),
  password: z
    .string({ required_error: messages.required("Password") })
    .min(1, messages.required("Password"))
    .max(PASSWORD_MAX, messages.max("Password", PASSWORD_MAX)),
  redirectTo: z.string().optional(),
});

/** account/sign-in (API): where to go next is the screen's concern. */
export const signInApiSchema = signInSchema.omit({ redirectTo: true });

export const codeField = z
  .string({ required_error: messages.required("Code") })
  .trim()
  .min(1, messages.required("Code"))
  .regex(/^\d*$/, messages.numeric("Code"))
  .min(6, messages.min("Code", 6))
  .max(6, messages.max("Code", 6));
export const verifyCodeScreenSchema = z.object({ code: codeField });
export const verifyCodeSchema = signInSchema.pick({ email: true, password: true }).extend({ code: codeField });

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordScreenSchema = z
  .object({
    token: z.string().min(1, "This link is not valid"),
    password: password(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(matchingPasswords);
export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This link is not valid"),
  password: password(),
});

export const emailExistsSchema = z.object({ email: emailField() });

export const SIGN_UP_STEPS = ["Your account", "Your business"] as const;
/** Fields of each sign-up step, in screen order (the other step's values ride along hidden). */
export const SIGN_UP_ACCOUNT_FIELDS = ["email", "firstName", "lastName", "phoneNumber"] as const;
export const SIGN_UP_BUSINESS_FIELDS = [
  "businessName",
  "businessPhoneNumber",
  "businessWebsite",
  "industry",
  "companySize",
  "mainInterests",
  "location",
  "country",
  "isDemoRequested",
  "terms",
] as const;

/**
 * The sign-up form's validator: 'next' checks the account step, 'create' the business step
 * ('back' checks nothing). The server checks the whole form again on 'create'.
 */
export const signUpWizardSchema = z
  .object({ intent: z.string().optional() })
  .passthrough()
  .superRefine((data, ctx) => {
    const schema =
      data.intent === "create" ? signUpBusinessStepSchema : data.intent === "back" ? null : signUpAccountSchema;
    const result = schema?.safeParse(data);
    if (result && !result.success) for (const issue of result.error.issues) ctx.addIssue(issue);
  });
