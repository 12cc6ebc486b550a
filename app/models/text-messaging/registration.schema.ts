import { z } from "zod";
import { labelledEnum } from "~/utils/labelled-enum";
import { emailField, messages, phoneField, requiredText } from "~/utils/validation";

/** The carrier (A2P 10DLC) registration of a company's two-way text, in the spec's order. */
export const RegistrationState = labelledEnum({
  Unknown: [0, "Unknown"],
  NewRequest: [1, "New request"],
  BrandCreationNotStarted: [2, "Brand creation not started"],
  BrandPending: [3, "Brand pending"],
  BrandApproved: [4, "Brand approved"],
  BrandFailed: [5, "Brand failed"],
  CampaignPending: [6, "Campaign pending"],
  CampaignFailed: [7, "Campaign failed"],
  WaitingToPurchasePhoneNumber: [8, "Waiting to purchase phone number"],
  PhoneNumberBought: [9, "Phone number bought (finalization pending)"],
  FullySetUp: [10, "Fully set up"],
});
export type RegistrationStateValue = (typeof RegistrationState.all)[number];
const S = RegistrationState.values;

/** What the company sees next, per state. */
export const nextStep: Record<RegistrationStateValue, string> = {
  [S.Unknown]: "Fill in your business profile to start the carrier registration.",
  [S.NewRequest]: "Your business profile is saved. Submit it for registration when it is complete.",
  [S.BrandCreationNotStarted]:
    "Your business profile was sent; the brand is not created yet. Check the status to continue.",
  [S.BrandPending]: "The carriers are reviewing your brand. This usually takes a few days.",
  [S.BrandApproved]: "Your brand is approved. The messaging campaign is created next.",
  [S.BrandFailed]: "The brand registration failed. Correct your business profile and submit it again.",
  [S.CampaignPending]: "The carriers are reviewing your messaging campaign.",
  [S.CampaignFailed]: "The campaign registration failed. Correct the use case and sample messages and submit again.",
  [S.WaitingToPurchasePhoneNumber]: "Your registration is approved. Choose and buy your texting number.",
  [S.PhoneNumberBought]: "Your number is bought and being connected. Check the status in a few minutes.",
  [S.FullySetUp]: "Two-way text is ready: texts go out from your number and replies arrive in the inbox.",
};

/** States in which the company waits for the carriers (the status check and the background poll move them). */
export const PENDING_STATES: readonly RegistrationStateValue[] = [
  S.BrandCreationNotStarted,
  S.BrandPending,
  S.BrandApproved,
  S.CampaignPending,
  S.PhoneNumberBought,
];

/** States from which the profile may be (re)submitted for registration. */
export const SUBMITTABLE_STATES: readonly RegistrationStateValue[] = [
  S.Unknown,
  S.NewRequest,
  S.BrandFailed,
  S.CampaignFailed,
];

export const NumberVerification = labelledEnum({
  Unverified: [0, "Unverified"],
  Pending: [1, "Pending"],
  Enabled: [2, "Enabled"],
});
export type NumberVerificationValue = (typeof NumberVerification.all)[number];

/** Twilio's business types for a customer profile. */
export const BUSINESS_TYPES = [
  "Sole Proprietorship",
  "Partnership",
  "Limited Liability Corporation",
  "Co-operative",
  "Non-profit Corporation",
  "Corporation",
] as const;

/** Twilio's business industries (the values it accepts), with their labels. */
export const INDUSTRIES = {
  AUTOMOTIVE: "Automotive",
  AGRICULTURE: "Agriculture",
  CONSTRUCTION: "Construction",
  CONSUMER: "Consumer",
  EDUCATION: "Education",
  ENERGY: "Energy",
  ENGINEERING: "Engineering",
  HEALTHCARE: "Healthcare",
  HOSPITALITY: "Hospitality",
  LEGAL: "Legal",
  MANUFACTURING: "Manufacturing",
  PROFESSIONAL_SERVICES: "Professional services",
  REAL_ESTATE: "Real estate",
  RETAIL: "Retail",
  TECHNOLOGY: "Technology",
  TRANSPORTATION: "Transportation",
} as const;
type Industry = keyof typeof INDUSTRIES;

const choice = <T extends string>(label: string, values: readonly [T, ...T[]]) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(values, {
      errorMap: (issue) => ({
        message: issue.code === "invalid_enum_value" ? `${label} is not one of the choices` : messages.required(label),
      }),
    }),
  );

/** EIN (US) or business number (Canada): nine digits, dashes and spaces allowed. */
const registrationNumber = (label: string) =>
  requiredText(label)
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => /^\d*$/.test(v), messages.numeric(label))
    .refine((v) => v.length >= 9, messages.min(label, 9))
    .refine((v) => v.length <= 9, messages.max(label, 9));

const isWebAddress = (v: string) => {
  try {
    return new URL(v).hostname.includes(".");
  } catch {
    return false;
  }
};
const requiredUrl = (label: string) =>
  requiredText(label, { max: 255 })
    .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
    .refine(isWebAddress, messages.url());

/**
 * The A2P draft profile (spec part 2 section 3 "Other text-messaging data"): what Twilio's customer
 * profile, brand and campaign need. Shared by the form, POST text-messaging/a2p-draft-profile and the
 * submission, which refuses an incomplete saved draft.
 */
export const draftProfileSchema = z.object({
  businessName: requiredText("Business legal name", { max: 255 }),
  registrationNumber: registrationNumber("EIN or business registration number"),
  businessType: choice("Business type", BUSINESS_TYPES),
  industry: choice("Industry", Object.keys(INDUSTRIES) as [Industry, ...Industry[]]),
  website: requiredUrl("Website"),
  street: requiredText("Street", { max: 255 }),
  city: requiredText("City", { max: 100 }),
  region: requiredText("State or province", { max: 100 }),
  // Not "postalCode": fields named like a code are never sent back after a refused post (forms.server.ts).
  zip: requiredText("Postal code", { max: 20 }),
  country: choice("Country", ["US", "CA"]),
  contactName: requiredText("Contact name", { max: 200 }),
  contactEmail: emailField("Contact email"),
  contactPhone: phoneField("Contact phone"),
  useCaseDescription: requiredText("Use case description", { min: 40, max: 1024 }),
  sampleMessage1: requiredText("Sample message 1", { min: 20, max: 1024 }),
  sampleMessage2: requiredText("Sample message 2", { min: 20, max: 1024 }),
});
export type DraftProfile = z.infer<typeof draftProfileSchema>;
export const DRAFT_PROFILE_FIELDS = Object.keys(draftProfileSchema.shape) as Array<keyof DraftProfile>;

/** GET text-messaging/phone-numbers: an optional three-digit area code. */
export const phoneNumberSearchSchema = z.object({
  areaCode: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{3}$/, "Area code should be 3 digits")
      .optional(),
  ),
});

/** POST text-messaging/phone-numbers {phoneNumber}: one of the listed numbers, E.164. */
export const buyPhoneNumberSchema = z.object({ phoneNumber: phoneField("Phone number") });

/** The company's own setting next to the application feature (the inbox needs both). */
export const twoWayTextEnabledSchema = z.object({
  enabled: z.enum(["true", "false"]).transform((v) => v === "true"),
});

const enumNumber = <T extends number>(label: string, values: readonly T[]) =>
  z.coerce
    .number({ invalid_type_error: messages.required(label) })
    .int()
    .refine((v): v is T => (values as readonly number[]).includes(v), `${label} is not one of the choices`)
    .transform((v) => v as T);

/** The super admin's corrections of a company's messaging account (admin panel). */
export const adminAccountSchema = z.object({
  registrationState: enumNumber("Registration state", RegistrationState.all),
  numberVerification: enumNumber("Number verification", NumberVerification.all),
  smsSegmentsBalance: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ invalid_type_error: messages.required("Segment balance") })
      .int("Segment balance must be a whole number")
      .min(-1_000_000, messages.numberMin("Segment balance", -1_000_000))
      .max(1_000_000, messages.numberMax("Segment balance", 1_000_000)),
  ),
});
