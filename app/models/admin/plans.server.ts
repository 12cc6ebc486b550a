import { sql } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { planFeatures, plans } from "~/db/schema";
import { PlanFeature } from "~/access/features";

const all = Object.values(PlanFeature);
const without = (...ids: number[]) => all.filter((f) => !ids.includes(f));

const starterFeatures = without(
  PlanFeature.RecurringServicePlans,
  PlanFeature.AccountingSync,
  PlanFeature.CardProcessing,
  PlanFeature.MobilePayments,
  PlanFeature.FormsAndChecklists,
  PlanFeature.TwoWayText,
  PlanFeature.CustomizedMessages,
);
const growthFeatures = without(PlanFeature.AccountingSync, PlanFeature.TwoWayText);
const yearly = (key: "starter" | "growth" | "pro", monthlyPriceCents: number) => ({
  priceId: `price_${key}_yearly`,
  name: { starter: "Starter", growth: "Growth", pro: "Pro" }[key],
  employeeLimit: { starter: 1, growth: 10, pro: 50 }[key],
  monthlyPriceCents,
  billingPeriod: 7,
});

/** The plans on offer. Data, seeded at start-up; the super admin can move a company between them. */
export const PLAN_SEED = [
  {
    priceId: "price_starter_monthly",
    name: "Starter",
    employeeLimit: 1,
    monthlyPriceCents: 2900,
    features: starterFeatures,
  },
  {
    priceId: "price_growth_monthly",
    name: "Growth",
    employeeLimit: 10,
    monthlyPriceCents: 7900,
    features: growthFeatures,
  },
  { priceId: "price_pro_monthly", name: "Pro", employeeLimit: 50, monthlyPriceCents: 14900, features: all },
  // Billed yearly (billing period 7): the same plans for less a month.
  { ...yearly("starter", 2400), features: starterFeatures },
  { ...yearly("growth", 6600), features: growthFeatures },
  { ...yearly("pro", 12400), features: all },
] as const;
/** New sign-ups try the top plan for 14 days. */
export const TRIAL_PLAN_PRICE_ID = "price_pro_monthly";
export const TRIAL_DAYS = 14;

/** Inserts missing plans and their features; leaves edited plans alone. */
export async function seedPlans(executor: Executor): Promise<void> {
  for (const plan of PLAN_SEED) {
    const [row] = await executor
      .insert(plans)
      .values({
        priceId: plan.priceId,
        name: plan.name,
        employeeLimit: plan.employeeLimit,
        monthlyPriceCents: plan.monthlyPriceCents,
        billingPeriod: "billingPeriod" in plan ? plan.billingPeriod : 3,
      })
      .onConflictDoNothing({ target: plans.priceId })
      .returning({ id: plans.id });
    if (row)
      await executor.insert(planFeatures).values(plan.features.map((featureId) => ({ planId: row.id, featureId })));
  }
}

export async function planIdByPriceId(executor: Executor, priceId: string): Promise<number> {
  const [row] = await executor
    .select({ id: plans.id })
    .from(plans)
    .where(sql`${plans.priceId} = ${priceId}`);
  if (!row) throw new Error(`Plan ${priceId} is not seeded`);
  return row.id;
}
