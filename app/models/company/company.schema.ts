import { z } from "zod";
import { BUSINESS_TYPES, TEAM_SIZES } from "~/models/accounts/accounts.schema";
import {
  checkbox,
  emailField,
  messages,
  optionalPhoneField,
  optionalText,
  perCountry,
  requiredText,
  urlField,
} from "~/utils/validation";

/** Time zones of the US and Canada offered on the company profile. */
export const TIMEZONES = [
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Chicago", label: "Central Time (Chicago)" },
  { value: "America/Denver", label: "Mountain Time (Denver)" },
  { value: "America/Phoenix", label: "Mountain Time, no DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
  { value: "America/Puerto_Rico", label: "Atlantic Time (Puerto Rico)" },
  { value: "America/St_Johns", label: "Newfoundland Time (St. John's)" },
  { value: "America/Halifax", label: "Atlantic Time (Halifax)" },
  { value: "America/Toronto", label: "Eastern Time (Toronto)" },
  { value: "America/Winnipeg", label: "Central Time (Winnipeg)" },
  { value: "America/Regina", label: "Central Time, no DST (Regina)" },
  { value: "America/Edmonton", label: "Mountain Time (Edmonton)" },
  { value: "America/Vancouver", label: "Pacific Time (Vancouver)" },
  { value: "America/Whitehorse", label: "Yukon Time (Whitehorse)" },
] as const;
const TIMEZONE_VALUES = TIMEZONES.map((t) => t.value) as readonly string[];

/** How the company prefers to follow up with new leads. */
export const FOLLOW_UP_OPTIONS = [
  { value: 0, label: "Phone call" },
  { value: 1, label: "Text message" },
  { value: 2, label: "Email" },
] as const;

export const WEEK_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The spec's default work day: 05:00 am to 10:00 pm. */
export const DEFAULT_DAY = { start: "05:00", end: "22:00" } as const;
export type WorkingDay = { day: number; isWorking: boolean; start: string; end: string };
export const defaultWorkingSchedule = (): WorkingDay[] =>
  WEEK_DAYS.map((_, day) => ({ day, isWorking: day >= 1 && day <= 5, ...DEFAULT_DAY }));

export const currencyFor = (country: string) => (country === "CA" ? "CAD" : "USD");

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const timeText = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 08:00`);
const choice = (label: string, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ invalid_type_error: messages.required(label) })
      .int()
      .min(0)
      .max(max)
      .optional(),
  );

const workingDaySchema = z
  .object({
    day: z.coerce.number().int().min(0).max(6),
    isWorking: checkbox(),
    start: timeText("Start time"),
    end: timeText("End time"),
  })
  .refine((d) => !d.isWorking || d.end > d.start, { message: "End time must be after start time", path: ["end"] });

export const PROFILE_FORM_ID = "company-profile";

/** The company profile (spec part 2 section 3), for the screen and PUT /company; phones follow the country. */
export const companyProfileSchema = perCountry((country) =>
  z.object({
    businessName: requiredText("Business Name", { min: 2, max: 255 }),
    email: z.preprocess(blank, emailField("Email").optional()),
    businessPhoneNumber: optionalPhoneField(country),
    location: optionalText("Location", { max: 500 }),
    industry: choice("Industry", BUSINESS_TYPES.length - 1),
    companySize: choice("Team Size", TEAM_SIZES.length - 1),
    businessWebsite: urlField("Business Website"),
    serviceAreaRadius: z.preprocess(
      blank,
      z.coerce
        .number({ invalid_type_error: "Service Area Radius must be a number" })
        .int("Service Area Radius must be a whole number")
        .min(0, messages.numberMin("Service Area Radius", 0))
        .max(1000, "Service Area Radius must be less than or equal to 1000")
        .optional(),
    ),
    businessProfile: optionalText("Business Profile", { max: 2000 }),
    licenseNumber: optionalText("License Number", { max: 100 }),
    followUpOption: choice("Follow-up Option", FOLLOW_UP_OPTIONS.length - 1),
    country: z.enum(["US", "CA"], { errorMap: () => ({ message: messages.required("Country") }) }),
    timezone: z
      .string({ required_error: messages.required("Time Zone") })
      .refine((v) => TIMEZONE_VALUES.includes(v), messages.required("Time Zone")),
    workingSchedule: z.array(workingDaySchema).length(7, "Working schedule needs all 7 days").optional(),
  }),
);
export type CompanyProfileInput = z.infer<ReturnType<typeof companyProfileSchema>>;

export const messagesSchema = z.object({
  messageOnInvoice: optionalText("Message on Invoice", { max: 2000 }),
  messageOnEstimate: optionalText("Message on Estimate", { max: 2000 }),
});

/** Tax rate: a name and a percentage (0-100, up to 3 decimals). */
export const taxRateSchema = z.object({
  name: requiredText("Name", { max: 100 }),
  rate: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.replace(/[%\s]/g, "") : v),
    z.coerce
      .number({ required_error: messages.required("Rate"), invalid_type_error: "Rate must be a number" })
      .min(0, messages.numberMin("Rate", 0))
      .max(100, "Rate must be less than or equal to 100"),
  ),
});

export const DiscountType = { Percentage: 0, Amount: 1 } as const;
export const discountTypeOptions = [
  { value: DiscountType.Percentage, label: "Percentage (%)" },
  { value: DiscountType.Amount, label: "Fixed amount ($)" },
] as const;

/** Discount: a name, a type (percentage 0, fixed amount 1) and its value. */
export const discountSchema = z
  .object({
    name: requiredText("Name", { max: 100 }),
    type: z.preprocess(
      blank,
      z.coerce
        .number({ required_error: messages.required("Type") })
        .int()
        .min(0)
        .max(1),
    ),
    value: z.preprocess(
      (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.replace(/[%$,\s]/g, "") : v),
      z.coerce
        .number({ required_error: messages.required("Value"), invalid_type_error: "Value must be a number" })
        .min(0, messages.numberMin("Value", 0))
        .max(1_000_000, "Value is too large"),
    ),
  })
  .refine((d) => d.type !== DiscountType.Percentage || d.value <= 100, {
    message: "Value must be less than or equal to 100",
    path: ["value"],
  });

export const expenseCodeSchema = z.object({
  name: requiredText("Name", { max: 100 }),
  description: optionalText("Description", { max: 500 }),
});

/** PUT bodies of the API carry the id too. */
export const withId = <T extends z.ZodTypeAny>(schema: T) =>
  z.intersection(z.object({ id: z.coerce.number().int().positive() }), schema);
export const taxRateUpdateSchema = withId(taxRateSchema);
export const discountUpdateSchema = withId(discountSchema);
export const expenseCodeUpdateSchema = withId(expenseCodeSchema);

/** GET /api/company/check-service-area (public, for online booking). */
export const serviceAreaQuerySchema = z.object({
  companyId: z.coerce.number().int().positive(),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** The onboarding tip of /api/company-settings/onboarding/{actionType}: one of the 8 steps. */
export const onboardingParamsSchema = z.object({ actionType: z.coerce.number().int().min(0).max(7) });
