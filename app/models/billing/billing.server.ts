import { and, asc, count, eq, inArray, isNull, ne } from "drizzle-orm";
import Stripe from "stripe";
import { subscriptionState, type CallerContext } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import { companies, planFeatures, plans, stripeEvents, subscriptions, users } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { FieldRuleError } from "~/models/rules";
import { billingSettings } from "~/services/billing.server";
import { BILLING_NOT_SET_UP } from "~/services/billing-notice";
import { stripeClient, type StripeSettings } from "~/services/payments.server";
import { employeeLimitRefusal, type BillingPeriodValue, type PlanForm } from "./billing.schema";

/** A refusal of the billing page (a plan too small, Stripe unreachable): shown on the page, never a 500. */
export class BillingError extends FieldRuleError {}

const planColumns = {
  id: plans.id,
  name: plans.name,
  priceId: plans.priceId,
  employeeLimit: plans.employeeLimit,
  monthlyPriceCents: plans.monthlyPriceCents,
  billingPeriod: plans.billingPeriod,
  isActive: plans.isActive,
};
export type BillingPlan = {
  id: number;
  name: string;
  priceId: string;
  employeeLimit: number;
  monthlyPriceCents: number;
  billingPeriod: number;
  isActive: boolean;
  features: number[];
};

async function withFeatures(rows: Omit<BillingPlan, "features">[], exec: Executor = db): Promise<BillingPlan[]> {
  if (!rows.length) return [];
  const features = await exec
    .select({ planId: planFeatures.planId, featureId: planFeatures.featureId })
    .from(planFeatures)
    .where(
      inArray(
        planFeatures.planId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    features: features
      .filter((f) => f.planId === r.id)
      .map((f) => f.featureId)
      .sort((a, b) => a - b),
  }));
}

/** The plans on offer for a billing period (active ones), cheapest first, with their features. */
export async function offeredPlans(period?: BillingPeriodValue): Promise<BillingPlan[]> {
  const rows = await db
    .select(planColumns)
    .from(plans)
    .where(and(eq(plans.isActive, true), period ? eq(plans.billingPeriod, period) : undefined))
    .orderBy(asc(plans.monthlyPriceCents), asc(plans.id));
  return withFeatures(rows);
}

/** Every plan, offered or retired, for the super admin's editor. */
export async function allPlans(): Promise<BillingPlan[]> {
  const rows = await db
    .select(planColumns)
    .from(plans)
    .orderBy(asc(plans.billingPeriod), asc(plans.monthlyPriceCents), asc(plans.id));
  return withFeatures(rows);
}

async function planById(id: number, exec: Executor = db) {
  const [row] = await exec.select(planColumns).from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? null;
}

/** Live employees of the company (the admin included): what a plan's employee limit counts. */
export async function activeEmployeeCount(companyId: number, exec: Executor = db): Promise<number> {
  const [{ total }] = await exec
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)));
  return total;
}

async function subscriptionRow(companyId: number, exec: Executor = db) {
  const [row] = await exec.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return row ?? null;
}

/** The company's subscription as /billing shows it: status, trial and renewal dates, plan and team size. */
export async function getBillingState(companyId: number, now = new Date()) {
  const row = await subscriptionRow(companyId);
  const state = subscriptionState(row, now);
  const plan = row?.planId ? await planById(row.planId) : null;
  const employees = await activeEmployeeCount(companyId);
  const trialDaysLeft =
    state.isTrialing && row?.trialExpiration
      ? Math.max(0, Math.ceil((row.trialExpiration.getTime() - now.getTime()) / 86_400_000))
      : null;
  return {
    ...state,
    trialDaysLeft,
    plan,
    employees,
    stripeStatus: row?.stripeStatus ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    hasStripeSubscription: !!row?.stripeSubscriptionId,
    hasStripeCustomer: !!row?.stripeCustomerId,
  };
}
export type BillingState = Awaited<ReturnType<typeof getBillingState>>;

function requireSettings(settings: StripeSettings | null): StripeSettings {
  if (!settings) throw new BillingError(`${BILLING_NOT_SET_UP}.`);
  return settings;
}

async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError)
      throw new BillingError("The billing service could not be reached. Please try again in a minute.");
    if (error instanceof Stripe.errors.StripeError)
      throw new BillingError("The billing service refused the request. Please try again, or contact support.");
    throw error;
  }
}

/** A plan the company may move to: offered, and large enough for the team as it is now. */
async function choosablePlan(companyId: number, planId: number, exec: Executor = db) {
  const plan = await planById(planId, exec);
  if (!plan || !plan.isActive) throw new BillingError("This plan is not offered.", "planId");
  const employees = await activeEmployeeCount(companyId, exec);
  if (employees > plan.employeeLimit)
    throw new BillingError(employeeLimitRefusal(employees, plan.name, plan.employeeLimit), "planId");
  return plan;
}

/** Whole days from now to a date, for a trial carried into the paid subscription. */
const TRIAL_END_MIN_MS = 48 * 3600_000; // Stripe refuses a trial_end less than two days away

/**
 * A Stripe Checkout Session (subscription mode) for the plan's price: the company is the
 * client_reference_id and the subscription's metadata, its Stripe customer reused when known; a
 * trial still running carries on (no charge before it ends). Answers the session's id and URL.
 */
export async function startCheckout(
  ctx: CallerContext,
  planId: number,
  settings: StripeSettings | null = billingSettings(),
): Promise<{ id: string; url: string }> {
  const config = requireSettings(settings);
  const plan = await choosablePlan(ctx.companyId, planId);
  const row = await subscriptionRow(ctx.companyId);
  if (row?.stripeSubscriptionId && row.status !== 3 && row.stripeStatus !== "canceled")
    throw new BillingError("You already have a subscription: use Change plan.", "planId");
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  const trialEnd =
    row?.status === 0 && row.trialExpiration && row.trialExpiration.getTime() - Date.now() > TRIAL_END_MIN_MS
      ? Math.floor(row.trialExpiration.getTime() / 1000)
      : undefined;
  const session = await callStripe(() =>
    stripeClient(config).checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: plan.priceId, quantity: 1 }],
      client_reference_id: String(ctx.companyId),
      ...(row?.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: admin?.email }),
      subscription_data: {
        metadata: { companyId: String(ctx.companyId), planId: String(plan.id) },
        ...(trialEnd ? { trial_end: trialEnd } : {}),
      },
      metadata: { companyId: String(ctx.companyId) },
      success_url: absoluteUrl("/billing?checkout=success"),
      cancel_url: absoluteUrl("/billing?checkout=canceled"),
    }),
  );
  if (!session.url) throw new BillingError("The billing service did not give a checkout page. Please try again.");
  return { id: session.id, url: session.url };
}

/**
 * Checkout's URL for a session of this company still open (the page after the post hands the
 * browser on to it), or null: another company's session, a finished one, or an unknown id.
 */
export async function checkoutUrlFor(
  ctx: CallerContext,
  sessionId: string,
  settings: StripeSettings | null = billingSettings(),
): Promise<string | null> {
  if (!settings || !/^cs_[0-9A-Za-z_]{1,200}$/.test(sessionId)) return null;
  const session = await callStripe(() =>
    stripeClient(settings)
      .checkout.sessions.retrieve(sessionId)
      .catch((error) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }),
  );
  const ours = session?.mode === "subscription" && session.client_reference_id === String(ctx.companyId);
  return ours && session.status === "open" && session.url ? session.url : null;
}

/** Stripe's billing portal for the company's customer (card changes, invoices, cancelation). Answers its URL. */
export async function openBillingPortal(
  ctx: CallerContext,
  settings: StripeSettings | null = billingSettings(),
): Promise<string> {
  const config = requireSettings(settings);
  const row = await subscriptionRow(ctx.companyId);
  if (!row?.stripeCustomerId) throw new BillingError("Subscribe to a plan first: there is no payment method yet.");
  const portal = await callStripe(() =>
    stripeClient(config).billingPortal.sessions.create({
      customer: row.stripeCustomerId!,
      return_url: absoluteUrl("/billing"),
    }),
  );
  return portal.url;
}

/**
 * Upgrade or downgrade: refused below the team's size; with a Stripe subscription its item moves
 * to the plan's price (prorated), and the local plan changes at once so features and the
 * employee limit follow on the next request. Without one, only a trial may switch plans.
 */
export async function changePlan(
  ctx: CallerContext,
  planId: number,
  settings: StripeSettings | null = billingSettings(),
): Promise<{ planName: string }> {
  const plan = await choosablePlan(ctx.companyId, planId);
  const row = await subscriptionRow(ctx.companyId);
  if (row?.planId === plan.id) throw new BillingError(`You are on the ${plan.name} plan already.`, "planId");
  const live = row?.stripeSubscriptionId && row.status !== 3 && row.stripeStatus !== "canceled";
  if (live) {
    const config = requireSettings(settings);
    const stripe = stripeClient(config);
    const subscription = await callStripe(() => stripe.subscriptions.retrieve(row.stripeSubscriptionId!));
    const item = subscription.items.data[0];
    if (!item) throw new BillingError("The subscription has no plan at Stripe. Please contact support.");
    await callStripe(() =>
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: plan.priceId }],
        proration_behavior: "create_prorations",
        metadata: { companyId: String(ctx.companyId), planId: String(plan.id) },
      }),
    );
  } else if (row?.status !== 0) {
    throw new BillingError("Subscribe to a plan first.", "planId");
  }
  await db.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.companyId, ctx.companyId));
  return { planName: plan.name };
}

/* ------------------------------------- webhook events ------------------------------------- */

export type BillingEventOutcome = "applied" | "duplicate" | "ignored";

const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The subscription an invoice bills (the field moved under `parent` in newer API versions). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const loose = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(loose.subscription);
}

/**
 * Stripe's subscription state as ours: trialing is a free trial (0) until trial_end; active is
 * active (2) until the period's end; past_due, unpaid and paused keep the status but end it now,
 * so the account is limited until an invoice is paid; canceled is canceled (3). Incomplete
 * (the first payment not made yet) changes nothing but Stripe's own status.
 */
export function mapStripeSubscription(sub: Stripe.Subscription, now = new Date()) {
  const item = sub.items?.data?.[0];
  const loose = sub as unknown as { current_period_end?: number };
  const periodEnd = at(item?.current_period_end ?? loose.current_period_end);
  const common = {
    stripeStatus: sub.status,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: idOf(sub.customer as string | { id: string }),
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    ...(sub.default_payment_method ? { hasPaymentMethod: true } : {}),
  };
  switch (sub.status) {
    case "trialing":
      return { ...common, status: 0, trialExpiration: at(sub.trial_end) ?? periodEnd };
    case "active":
      return { ...common, status: 2, expirationDate: periodEnd };
    case "past_due":
    case "unpaid":
    case "paused":
      return { ...common, status: 2, expirationDate: now };
    case "canceled":
      return { ...common, status: 3, expirationDate: at(sub.ended_at) ?? now };
    default:
      return common;
  }
}

/** The company a subscription belongs to: the one holding it, else the one its metadata names (and holds no other). */
async function companyOfSubscription(sub: Stripe.Subscription, exec: Executor): Promise<number | null> {
  const [holder] = await exec
    .select({ companyId: subscriptions.companyId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, sub.id));
  if (holder) return holder.companyId;
  const named = sub.metadata?.companyId;
  if (!named || !/^\d{1,9}$/.test(named)) return null;
  const row = await subscriptionRow(Number(named), exec);
  if (!row) return null;
  // An old subscription's late event does not undo the newer one the company holds.
  if (row.stripeSubscriptionId && row.stripeSubscriptionId !== sub.id && row.stripeStatus !== "canceled") return null;
  return row.companyId;
}

/** The event's subscription id and, for Checkout, the company it was made for. */
function subscriptionOfEvent(event: Stripe.Event): { subscriptionId: string | null; companyId: number | null } {
  const object = event.data.object as unknown;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = object as Stripe.Checkout.Session;
      if (session.mode !== "subscription") return { subscriptionId: null, companyId: null };
      const ref = session.client_reference_id ?? "";
      return { subscriptionId: idOf(session.subscription), companyId: /^\d{1,9}$/.test(ref) ? Number(ref) : null };
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      return { subscriptionId: invoiceSubscription(object as Stripe.Invoice), companyId: null };
    default:
      return { subscriptionId: (object as Stripe.Subscription).id ?? null, companyId: null };
  }
}

/**
 * One verified event of our own Stripe account, applied at most once: the event id is inserted
 * first in the transaction of the change, so a replay (or a concurrent delivery) does nothing.
 * The subscription is read back from Stripe, so events arriving out of order all leave its latest
 * state. A failure throws (the webhook answers 500 and Stripe delivers the event again).
 */
export async function applyBillingEvent(
  event: Stripe.Event,
  settings: StripeSettings | null = billingSettings(),
): Promise<BillingEventOutcome> {
  if (!HANDLED.has(event.type) || event.account) return "ignored";
  const { subscriptionId, companyId: checkoutCompany } = subscriptionOfEvent(event);
  if (!subscriptionId) return "ignored";
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";
  const config = requireSettings(settings);
  // A subscription our account does not know (deleted, another mode's) is not ours: no retry can help.
  const subscription = await stripeClient(config)
    .subscriptions.retrieve(subscriptionId)
    .catch((error) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
      throw error;
    });
  if (!subscription) return "ignored";
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, accountId: null })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!inserted.length) return "duplicate";
    let companyId = checkoutCompany;
    if (companyId !== null) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      if (!company) return "ignored";
    } else companyId = await companyOfSubscription(subscription, tx);
    if (companyId === null) return "ignored";
    const mapped = mapStripeSubscription(subscription);
    const priceId = subscription.items?.data?.[0]?.price?.id;
    const [plan] = priceId ? await tx.select({ id: plans.id }).from(plans).where(eq(plans.priceId, priceId)) : [];
    await tx
      .update(subscriptions)
      .set({
        ...mapped,
        ...(plan ? { planId: plan.id } : {}),
        ...(event.type === "checkout.session.completed" || event.type === "invoice.paid"
          ? { hasPaymentMethod: true }
          : {}),
      })
      .where(eq(subscriptions.companyId, companyId));
    return "applied";
  });
}

/* ------------------------------------ the plan editor ------------------------------------ */

/**
 * The super admin edits a plan: name, Stripe price, price a month, employee limit, period,
 * features, offered or not. Subscribers see the new features and limit on their next request (the
 * access lookup reads them); a retired plan keeps its subscribers. Answers false for an unknown id.
 */
export async function savePlan(input: PlanForm): Promise<boolean> {
  const [taken] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.priceId, input.priceId), ne(plans.id, input.id)));
  if (taken) throw new BillingError("Another plan has this price ID.", "priceId");
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(plans)
      .set({
        name: input.name,
        priceId: input.priceId,
        monthlyPriceCents: input.monthlyPrice,
        employeeLimit: input.employeeLimit,
        billingPeriod: input.billingPeriod,
        isActive: input.isActive,
      })
      .where(eq(plans.id, input.id))
      .returning({ id: plans.id });
    if (!updated.length) return false;
    await tx.delete(planFeatures).where(eq(planFeatures.planId, input.id));
    const features = [...new Set(input.features)];
    if (features.length)
      await tx.insert(planFeatures).values(features.map((featureId) => ({ planId: input.id, featureId })));
    return true;
  });
}
