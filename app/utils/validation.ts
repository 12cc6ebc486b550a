import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { z } from "zod";

/** The specification's validation message catalogue (part 1 section 5), in one place. */
export const messages = {
  required: (field: string) => `${field} is required`,
  email: "Incorrect email format",
  min: (field: string, n: number) => `${field} is too short - should be ${n} chars minimum`,
  max: (field: string, n: number) => `${field} is too long - should be ${n} chars maximum`,
  url: (host = "example.com") => `Please enter a valid URL (e.g. ${host})`,
  numberMin: (field: string, n: number) => `${field} must be greater than or equal to ${n}`,
  /** Not in the spec's catalogue: the mirror of numberMin for the few numbers with an upper bound. */
  numberMax: (field: string, n: number) => `${field} must be less than or equal to ${n}`,
  oneEmployee: "At least 1 employee should be selected",
  confirmPassword: "Confirm Password doesn't match Password",
  acceptTerms: "Please accept Terms and Conditions",
  phone: "Phone number must be valid",
  oneAddress: "At least one address should be filled",
  alphanumeric: (field: string) => `${field} should contain only alphanumeric characters`,
  numeric: (field: string) => `${field} should contain only numeric characters`,
  emailTaken: (name: string) => `Email already taken by ${name}`,
  phoneTaken: (name: string) => `Primary Phone already taken by ${name}`,
  genericError: "Sorry, something went wrong. Try again or refresh the page",
  loggedOut: "You were logged out",
  forbidden: "You do not have permission to access.",
  fallback: "Error!",
} as const;

export const PHONE_REGIONS: readonly CountryCode[] = ["US", "CA"];

/** A phone valid for the US or Canada, in E.164 with the leading plus; null when invalid. */
export function normalizePhone(raw: string, defaultCountry: "US" | "CA" = "US"): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultCountry);
  if (!parsed || !parsed.isValid() || !parsed.country || !PHONE_REGIONS.includes(parsed.country)) return null;
  return parsed.number;
}

export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return "";
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatNational() : e164;
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A required text field with the catalogue's messages. */
export function requiredText(label: string, opts: { min?: number; max?: number } = {}) {
  let s = z
    .string({ required_error: messages.required(label), invalid_type_error: messages.required(label) })
    .trim()
    .min(1, messages.required(label));
  if (opts.min) s = s.min(opts.min, messages.min(label, opts.min));
  if (opts.max) s = s.max(opts.max, messages.max(label, opts.max));
  return s;
}

/** An optional text field: blank becomes undefined. */
export function optionalText(label: string, opts: { min?: number; max?: number } = {}) {
  let s = z.string().trim();
  if (opts.min) s = s.min(opts.min, messages.min(label, opts.min));
  if (opts.max) s = s.max(opts.max, messages.max(label, opts.max));
  return z.preprocess(blankToUndefined, s.optional());
}

export const emailField = (label = "Email") =>
  z
    .string({ required_error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .email(messages.email)
    .max(255, messages.max(label, 255))
    .transform((v) => v.toLowerCase());

export const optionalEmailField = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .email(messages.email)
      .max(255)
      .transform((v) => v.toLowerCase())
      .optional(),
  );

/** A phone for the US or Canada, normalised to E.164. */
const toPhone = (country: "US" | "CA") => (v: string, ctx: z.RefinementCtx) => {
  const phone = normalizePhone(v, country);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: messages.phone });
    return z.NEVER;
  }
  return phone;
};

export const phoneField = (label = "Phone", country: "US" | "CA" = "US") =>
  z
    .string({ required_error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .transform(toPhone(country));

export const optionalPhoneField = (country: "US" | "CA" = "US") =>
  z.preprocess(blankToUndefined, z.string().transform(toPhone(country)).optional());

export const urlField = (label = "Website") =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(255, messages.max(label, 255))
      .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
      .refine((v) => {
        try {
          const u = new URL(v);
          return u.hostname.includes(".");
        } catch {
          return false;
        }
      }, messages.url())
      .optional(),
  );

/** Checkbox values from a form ("on", "true") or JSON booleans. */
export const checkbox = () => z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** Turns a ZodError into the spec's map from field to message (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_global";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * A schema built per country (phone numbers), built once for each: the route and the OpenAPI
 * document then hold the same object (the US one is documented).
 */
export function perCountry<T>(build: (country: "US" | "CA") => T): (country?: "US" | "CA") => T {
  const byCountry = { US: build("US"), CA: build("CA") };
  return (country = "US") => byCountry[country === "CA" ? "CA" : "US"];
}
