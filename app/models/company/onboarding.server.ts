import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import {
  bookingServices,
  bookingSettings,
  companies,
  customerPortalSettings,
  customers,
  jobs,
  onboardingDismissals,
  paymentAccounts,
  priceListItems,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { isAdminRole } from "~/access/roles";

/** Onboarding steps 0-7 of the specification, with where each is done and its tip. */
export const ONBOARDING_STEPS = [
  {
    actionType: 0,
    title: "Set company profile",
    to: "/company-profile",
    tip: "Add your logo, business phone and address: they appear on estimates, invoices and messages to customers.",
  },
  {
    actionType: 1,
    title: "Accept online payments",
    to: "/my-money",
    tip: "Card payments need a connected payment provider account; approval may take 3-5 business days.",
  },
  {
    actionType: 2,
    title: "Add services and prices",
    to: "/price-book",
    tip: "Put your services and materials in the price book to add them to jobs and estimates in one click.",
  },
  {
    actionType: 3,
    title: "Add or import customers",
    to: "/customers",
    tip: "Add customers one by one or import them all from a CSV file.",
  },
  {
    actionType: 4,
    title: "Set up messaging",
    to: "/communication",
    tip: "Choose the emails and texts your customers get when you schedule, arrive and invoice.",
  },
  {
    actionType: 5,
    title: "Schedule a job",
    to: "/jobs/new",
    tipAt: "/jobs",
    tip: "Create a job, pick a time and assign it to your team: it appears on the schedule.",
  },
  {
    actionType: 6,
    title: "Set customer portal",
    to: "/customer-portal",
    tip: "Let customers see their visits, estimates and invoices in one place.",
  },
  {
    actionType: 7,
    title: "Set online booking",
    to: "/online-booking-settings",
    tip: "Take bookings from your website around the clock.",
  },
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number] & { isDone: boolean; isDismissed: boolean };

const exists = (query: ReturnType<typeof sql>) => sql<boolean>`exists(${query})`;

/** Each step is ticked when its data exists. One round trip. */
export async function onboardingSteps(ctx: CallerContext): Promise<OnboardingStep[]> {
  const [row] = await db
    .select({
      profile: sql<boolean>`(${companies.logoUrl} is not null and ${companies.businessPhoneNumber} is not null and ${companies.location} is not null)`,
      prices: exists(sql`select 1 from ${priceListItems} where ${priceListItems.companyId} = ${ctx.companyId}`),
      customers: exists(
        sql`select 1 from ${customers} where ${and(eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt))}`,
      ),
      scheduledJob: exists(
        sql`select 1 from ${jobs} where ${and(eq(jobs.companyId, ctx.companyId), isNotNull(jobs.startTime))}`,
      ),
      messaging: companies.messagingReady,
      payments: exists(
        sql`select 1 from ${paymentAccounts} where ${and(eq(paymentAccounts.companyId, ctx.companyId), eq(paymentAccounts.chargesEnabled, true))}`,
      ),
      // Online booking is set once the form is on and offers at least one service.
      booking: exists(
        sql`select 1 from ${bookingSettings} where ${and(eq(bookingSettings.companyId, ctx.companyId), eq(bookingSettings.isEnabled, true))} and exists(select 1 from ${bookingServices} where ${eq(bookingServices.companyId, ctx.companyId)})`,
      ),
      // The customer portal is set once it is turned on.
      portal: exists(
        sql`select 1 from ${customerPortalSettings} where ${and(eq(customerPortalSettings.companyId, ctx.companyId), eq(customerPortalSettings.isEnabled, true))}`,
      ),
      dismissed: sql<
        number[]
      >`coalesce((select array_agg(${onboardingDismissals.actionType}) from ${onboardingDismissals} where ${onboardingDismissals.companyId} = ${ctx.companyId}), '{}')`,
    })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const done: Record<number, boolean> = {
    0: !!row?.profile,
    1: !!row?.payments,
    2: !!row?.prices,
    3: !!row?.customers,
    4: !!row?.messaging,
    5: !!row?.scheduledJob,
    6: !!row?.portal,
    7: !!row?.booking,
  };
  const dismissed = new Set((row?.dismissed ?? []).map(Number));
  return ONBOARDING_STEPS.map((step) => ({
    ...step,
    isDone: done[step.actionType] ?? false,
    isDismissed: dismissed.has(step.actionType),
  }));
}

/** The tip bubble for a page: admin roles only, while its step is neither done nor dismissed. */
export async function tipForPath(ctx: CallerContext, pathname: string): Promise<OnboardingStep | null> {
  if (!isAdminRole(ctx.role)) return null;
  const candidate = ONBOARDING_STEPS.find((s) => {
    const at = "tipAt" in s ? s.tipAt : s.to;
    return pathname === at || pathname.startsWith(`${at}/`);
  });
  if (!candidate) return null;
  const steps = await onboardingSteps(ctx);
  const step = steps[candidate.actionType];
  return step.isDone || step.isDismissed ? null : step;
}

/** The should-show call: the same rule as the bubble (admin roles, step neither done nor dismissed). */
export async function shouldShowTip(ctx: CallerContext, actionType: number): Promise<boolean> {
  if (!isAdminRole(ctx.role)) return false;
  const step = (await onboardingSteps(ctx))[actionType];
  return !!step && !step.isDone && !step.isDismissed;
}

export async function dismissTip(ctx: CallerContext, actionType: number): Promise<void> {
  await db.insert(onboardingDismissals).values({ companyId: ctx.companyId, actionType }).onConflictDoNothing();
}

export async function isTipDismissed(ctx: CallerContext, actionType: number) {
  const [row] = await db
    .select({ actionType: onboardingDismissals.actionType })
    .from(onboardingDismissals)
    .where(and(eq(onboardingDismissals.companyId, ctx.companyId), eq(onboardingDismissals.actionType, actionType)));
  return !!row;
}
