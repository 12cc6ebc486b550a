import { json, redirect } from "@remix-run/node";
import type { Access } from "~/access/access.server";
import { unknownIntent } from "~/http/forms.server";
import { formFields } from "~/http/request-data.server";
import { billingActionSchema, billingPeriodLabels, periodFromQuery } from "~/models/billing/billing.schema";
import {
  BillingError,
  changePlan,
  checkoutUrlFor,
  getBillingState,
  offeredPlans,
  openBillingPortal,
  startCheckout,
  type BillingState,
} from "~/models/billing/billing.server";
import { billingEnabled } from "~/services/billing.server";
import { BILLING_NOT_SET_UP } from "~/services/billing-notice";
import { toasts } from "~/sessions.server";
import { DATE_LONG, formatInZone } from "~/utils/format";

/** The subscription in words: a status and one sentence with the date that matters. */
function describe(state: BillingState, timezone: string) {
  const on = (d: string | null) => (d ? formatInZone(d, timezone, DATE_LONG) : null);
  if (state.isTrialing) {
    if (!state.trialExpiration) return { status: "Free trial", detail: "Please add a payment method." };
    if (!state.isActive) return { status: "Trial ended", detail: "Your trial has ended." };
    const days = state.trialDaysLeft ?? 0;
    return {
      status: "Free trial",
      detail: `${days} day${days === 1 ? "" : "s"} left in your free trial (ends ${on(state.trialExpiration)}).`,
    };
  }
  if (state.status === 2 && state.isActive) {
    if (!state.expirationDate) return { status: "Active", detail: "Your subscription is active." };
    return state.cancelAtPeriodEnd
      ? { status: "Active", detail: `Your subscription ends on ${on(state.expirationDate)}.` }
      : { status: "Active", detail: `Your subscription renews on ${on(state.expirationDate)}.` };
  }
  if (state.status === 2 && (state.stripeStatus === "past_due" || state.stripeStatus === "unpaid"))
    return { status: "Payment failed", detail: "Your last payment failed: update your payment method to go on." };
  if (state.status === 2) return { status: "Expired", detail: "Your subscription has expired." };
  if (state.status === 3) return { status: "Canceled", detail: "Your subscription was canceled." };
  return { status: "No plan", detail: "Choose a plan to go on using your account." };
}

/** What /billing shows; ?session= (a Checkout just made) and ?continue=portal hand the browser on to Stripe. */
export async function billingPage({ ctx, company }: Access, url: URL) {
  const period = periodFromQuery(url.searchParams.get("period"));
  const enabled = billingEnabled();
  let handOff: string | null = null;
  let handOffError: string | null = null;
  const session = url.searchParams.get("session");
  const next = url.searchParams.get("continue");
  if (enabled && (session || next === "portal")) {
    try {
      handOff = session ? await checkoutUrlFor(ctx, session) : await openBillingPortal(ctx);
      if (!handOff) handOffError = "This checkout has ended. Choose a plan again.";
    } catch (error) {
      if (!(error instanceof BillingError)) throw error;
      handOffError = error.message;
    }
  }
  const [state, plans] = await Promise.all([getBillingState(ctx.companyId), offeredPlans(period)]);
  const returned = url.searchParams.get("checkout");
  return {
    enabled,
    period,
    periodLabel: billingPeriodLabels[period],
    handOff,
    handOffError,
    returned: returned === "success" || returned === "canceled" ? returned : null,
    words: describe(state, company.timezone),
    state: {
      isActive: state.isActive,
      isTrialing: state.isTrialing,
      status: state.status,
      employees: state.employees,
      planId: state.plan?.id ?? null,
      planName: state.plan?.name ?? null,
      planPeriod: state.plan ? billingPeriodLabels[state.plan.billingPeriod] : null,
      employeeLimit: state.plan?.employeeLimit ?? null,
      hasStripeSubscription: state.hasStripeSubscription && state.status !== 3,
      hasStripeCustomer: state.hasStripeCustomer,
    },
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      employeeLimit: p.employeeLimit,
      monthlyPriceCents: p.monthlyPriceCents,
      billingPeriod: p.billingPeriod,
      features: p.features,
    })),
  };
}

/** The page's posts: Subscribe (Checkout), Change plan, and the billing portal. Refusals come back on the page (422). */
export async function billingAction({ ctx }: Access, formData: FormData, url: URL) {
  const fields = formFields(formData);
  const parsed = billingActionSchema.safeParse(fields);
  if (!parsed.success) {
    if (!["subscribe", "changePlan", "portal"].includes(String(fields.intent))) unknownIntent();
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "_global"), i.message]));
    return json({ errors, planId: null }, { status: 422 });
  }
  const input = parsed.data;
  const back = url.searchParams.get("period") === "yearly" ? "/billing?period=yearly" : "/billing";
  try {
    switch (input.intent) {
      case "subscribe": {
        const session = await startCheckout(ctx, input.planId);
        return redirect(`/billing?session=${encodeURIComponent(session.id)}`, 303);
      }
      case "changePlan": {
        const { planName } = await changePlan(ctx, input.planId);
        return toasts().redirectWithSuccess(back, `You are now on the ${planName} plan.`);
      }
      case "portal": {
        const state = await getBillingState(ctx.companyId);
        if (!billingEnabled()) throw new BillingError(`${BILLING_NOT_SET_UP}.`);
        if (!state.hasStripeCustomer)
          throw new BillingError("Subscribe to a plan first: there is no payment method yet.");
        return redirect("/billing?continue=portal", 303);
      }
    }
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return json({ errors: error.fieldErrors, planId: "planId" in input ? input.planId : null }, { status: 422 });
  }
}
