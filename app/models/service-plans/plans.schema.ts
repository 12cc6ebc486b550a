import { z } from "zod";
import { messages } from "~/utils/validation";
import { lineItemsSchema } from "~/models/line-items/line-items.schema";
import { requiredMoneyField, taxRateField } from "~/models/line-items/money";
import {
  ChargeMode,
  InvoiceTiming,
  PAYMENT_SCHEDULES,
  PLAN_DURATIONS,
  type PaymentScheduleValue,
} from "~/models/service-plans/plan-terms";

/**
 * The plans we offer (spec part 2 sections 3 and 9): one schema for the plan form and the JSON API
 * (POST and PUT /api/service-plans). Money in dollars and the tax rate in percent, kept in cents and
 * basis points; the duration in years (null: until cancelled), kept in months. No server code: the
 * form's route and the OpenAPI document import it too.
 */

export const PLAN_NAME_MAX = 255;
export const PLAN_TEXT_MAX = 5000;
export const VISITS_PER_YEAR_MAX = 12;

export const planMessages = {
  nameTaken: "A plan with this name already exists.",
  visitsPerYear: `Visits per year must be from 1 to ${VISITS_PER_YEAR_MAX}`,
  visitsMismatch: "Visits per year must match the visits sent",
  totalPrice: "Total price must be greater than 0",
  duration: "Choose a duration",
  paymentSchedule: "Choose a payment schedule",
  chargeMode: "Choose how payments are charged",
  invoiceTiming: "Choose when billing starts",
} as const;

/** The durations as the form and the API speak them: years (1, 1.5, 2, 3), null for "Until cancelled". */
export const PLAN_DURATION_YEARS = PLAN_DURATIONS.map((d) => (d.months === null ? null : d.months / 12));

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (label: string) =>
  z.preprocess(blank, z.string().trim().max(PLAN_TEXT_MAX, messages.max(label, PLAN_TEXT_MAX)).optional());

/** One of a few numbers ("3" or 3); blank takes `fallback` (none: required). */
const choice = <T extends number>(label: string, values: readonly T[], message: string, fallback?: T) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? fallback : typeof v === "string" ? Number(v) : v),
    z
      .number({ required_error: messages.required(label), invalid_type_error: message })
      .refine((n): n is T => (values as readonly number[]).includes(n), message),
  );

/** Years; "" or null is until cancelled (null), missing is 1 year. Kept as months. */
const durationField = z
  .preprocess(
    (v) => (v === undefined ? 1 : v === "" || v === null ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ invalid_type_error: planMessages.duration })
      .nullable()
      .refine((n) => PLAN_DURATION_YEARS.includes(n), planMessages.duration),
  )
  .transform((years) => (years === null ? null : Math.round(years * 12)));

/** One visit of the plan's year: what the visit is for (copied to its job) and its work. */
export const planVisitSchema = z.object({
  visitDescription: text("Visit description"),
  lineItems: lineItemsSchema.default([]),
});
export type PlanVisitInput = z.infer<typeof planVisitSchema>;

/**
 * A plan we offer: POST /api/service-plans and PUT /api/service-plans/{id} (the whole plan: its
 * visits and their lines are replaced), and the plan form. `visits` are the visits of a year (1 to
 * 12); `visitsPerYear`, when sent (the form sends it), must match them.
 */
export const servicePlanSchema = z
  .object({
    name: z
      .string({ required_error: messages.required("Name"), invalid_type_error: messages.required("Name") })
      .trim()
      .min(1, messages.required("Name"))
      .max(PLAN_NAME_MAX, messages.max("Name", PLAN_NAME_MAX)),
    description: text("Description"),
    visitsPerYear: z.preprocess(
      blank,
      z.coerce
        .number({ invalid_type_error: planMessages.visitsPerYear })
        .int(planMessages.visitsPerYear)
        .min(1, planMessages.visitsPerYear)
        .max(VISITS_PER_YEAR_MAX, planMessages.visitsPerYear)
        .optional(),
    ),
    visits: z
      .array(planVisitSchema, {
        required_error: planMessages.visitsPerYear,
        invalid_type_error: planMessages.visitsPerYear,
      })
      .min(1, planMessages.visitsPerYear)
      .max(VISITS_PER_YEAR_MAX, planMessages.visitsPerYear),
    totalPrice: requiredMoneyField("Total price").refine((cents) => cents > 0, planMessages.totalPrice),
    durationInYears: durationField,
    paymentSchedule: choice<PaymentScheduleValue>(
      "Payment schedule",
      PAYMENT_SCHEDULES as readonly PaymentScheduleValue[],
      planMessages.paymentSchedule,
    ),
    chargeMode: choice(
      "Charging",
      [ChargeMode.Automatic, ChargeMode.Manual] as const,
      planMessages.chargeMode,
      ChargeMode.Automatic,
    ),
    invoiceTiming: choice(
      "Invoice timing",
      [InvoiceTiming.AfterFirstVisit, InvoiceTiming.OnDate] as const,
      planMessages.invoiceTiming,
      InvoiceTiming.OnDate,
    ),
    taxRate: taxRateField,
  })
  .superRefine((plan, ctx) => {
    if (plan.visitsPerYear !== undefined && plan.visitsPerYear !== plan.visits.length)
      ctx.addIssue({ code: "custom", path: ["visitsPerYear"], message: planMessages.visitsMismatch });
  })
  .transform(({ visitsPerYear: _count, totalPrice, durationInYears, ...plan }) => ({
    ...plan,
    totalPriceCents: totalPrice,
    durationMonths: durationInYears,
  }));
export type ServicePlanInput = z.infer<typeof servicePlanSchema>;

export const PLAN_SORT_FIELDS = ["name", "createdAt"] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];

/** Which plans a list shows: those offered (default), the archived ones, or both. */
export const PLAN_SHOW = ["archived", "all"] as const;
export type PlanShow = (typeof PLAN_SHOW)[number] | "offered";

/** GET /api/service-plans filters (besides paging): searchQuery, show (offered by default, archived, all). */
export const servicePlansPageFiltersSchema = z.object({
  searchQuery: z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().max(200).optional()),
  show: z.preprocess(
    (v) => (v === "" || v === undefined ? "offered" : v),
    z.enum(["offered", "archived", "all"], { message: "Show must be offered, archived or all" }),
  ),
});
