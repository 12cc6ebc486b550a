import { z } from "zod";
import { ALL_PLAN_FEATURES } from "~/access/features";
import { requiredMoneyField } from "~/models/line-items/money";

// Shared by /billing and the plan editor (in the browser too) and billing.server.ts.

/** The spec's billing periods: monthly 3, yearly 7. */
export const BillingPeriod = { Monthly: 3, Yearly: 7 } as const;
export type BillingPeriodValue = (typeof BillingPeriod)[keyof typeof BillingPeriod];
export const billingPeriodLabels: Record<number, string> = { 3: "Monthly", 7: "Yearly" };

/** /billing?period=monthly|yearly: which plan cards show (a GET form, so it works without JavaScript). */
export const periodFromQuery = (value: string | null): BillingPeriodValue =>
  value === "yearly" ? BillingPeriod.Yearly : BillingPeriod.Monthly;

const planId = z.coerce
  .number({ invalid_type_error: "Choose a plan" })
  .int("Choose a plan")
  .positive("Choose a plan")
  .max(2_147_483_647, "Choose a plan");

/** The /billing page's posts, one per submit button's intent. */
export const billingActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), planId }),
  z.object({ intent: z.literal("changePlan"), planId }),
  z.object({ intent: z.literal("portal") }),
]);
export type BillingAction = z.infer<typeof billingActionSchema>;

const featureIds = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(
    z.coerce
      .number()
      .int()
      .refine((n) => (ALL_PLAN_FEATURES as readonly number[]).includes(n), "Unknown feature"),
  ),
);

/** The super admin's plan editor: a plan is data (name, Stripe price, limit, features, offered or not). */
export const planFormSchema = z.object({
  id: planId,
  name: z.string().trim().min(1, "Name is required").max(60, "Name should be 60 characters maximum"),
  priceId: z
    .string()
    .trim()
    .regex(/^price_[0-9A-Za-z_]{1,200}$/, "Price ID must be a Stripe price id (price_…)"),
  monthlyPrice: requiredMoneyField("Price per month"),
  employeeLimit: z.coerce
    .number({ invalid_type_error: "Employee limit must be a number" })
    .int("Employee limit must be a whole number")
    .min(1, "Employee limit must be at least 1")
    .max(100_000, "Employee limit must be 100000 or less"),
  billingPeriod: z.coerce
    .number()
    .refine((n) => n === BillingPeriod.Monthly || n === BillingPeriod.Yearly, "Billing period is monthly or yearly"),
  isActive: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  features: featureIds,
});
export type PlanForm = z.infer<typeof planFormSchema>;

/** The refusal of a plan below the team's size: names both numbers and what to do. */
export const employeeLimitRefusal = (employees: number, planName: string, limit: number) =>
  `Your team has ${employees} employee${employees === 1 ? "" : "s"}; the ${planName} plan allows ${limit}. Remove employees before changing plans.`;
