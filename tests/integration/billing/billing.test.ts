import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { stripeEvents, subscriptions, users } from "~/db/schema";
import { requireAccess } from "~/access/access.server";
import { PlanFeature } from "~/access/features";
import { shellFor } from "~/access/navigation.server";
import { screens } from "~/access/route-table";
import { Role } from "~/access/roles";
import { mapStripeSubscription, offeredPlans } from "~/models/billing/billing.server";
import { action as billingAction, loader as billingLoader } from "~/routes/_app+/billing";
import { action as webhookAction, loader as webhookGet } from "~/routes/api+/webhooks+/stripe-billing";
import { loader as adminPageLoader } from "~/routes/api+/company+/admin+/page";
import { TEST_STRIPE } from "../../helpers/stripe-server";
import { useTestDatabase } from "../../helpers/db";
import { accessFor, createTestCompany, createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { callRequest, callRoute } from "../route-call";
import { billingWebhookRequest, form, planId, stripeBillingForThisFile, subscriptionOf } from "./fixtures";

const stripe = await stripeBillingForThisFile();
useTestDatabase();

const post = async (userId: number, fields: Record<string, string>, path = "/billing") =>
  callRoute(billingAction, path, { ...form(fields), cookie: await sessionCookie(userId) });
const page = async (userId: number, path = "/billing") =>
  callRoute(billingLoader, path, { cookie: await sessionCookie(userId) });
const deliver = (event: object, options?: Parameters<typeof billingWebhookRequest>[1]) =>
  callRequest(webhookAction, billingWebhookRequest(event, options));

/** A company that went through Checkout for a plan: the session completed at Stripe and its webhook applied. */
async function subscribed(priceId: string, { endTrial = true } = {}) {
  const company = await createTestCompany();
  // A trial ending within two days is not carried into Stripe: the subscription is active at once.
  if (endTrial)
    await db
      .update(subscriptions)
      .set({ trialExpiration: new Date(Date.now() + 3600_000) })
      .where(eq(subscriptions.companyId, company.companyId));
  const res = await post(company.userId, { intent: "subscribe", planId: String(await planId(priceId)) });
  expect(res.status).toBe(303);
  const sessionId = new URL(res.headers.get("Location")!, "http://localhost").searchParams.get("session")!;
  const session = stripe.completeSubscriptionSession(sessionId);
  const event = stripe.event("checkout.session.completed", session);
  const applied = await deliver(event);
  expect(applied.body).toEqual({ received: true, outcome: "applied" });
  return { ...company, session, event, subscriptionId: session.subscription as string };
}

const limitedBanner = async (userId: number) =>
  (await shellFor(await accessFor(userId))).banners.filter((b) => b.kind === "inactive").map((b) => b.text);

describe("plans on offer", () => {
  it("lists the active plans of each billing period, cheapest first, with their limits", async () => {
    const monthly = await offeredPlans(3);
    const yearly = await offeredPlans(7);
    expect(monthly.map((p) => [p.name, p.priceId, p.employeeLimit, p.monthlyPriceCents])).toEqual([
      ["Starter", "price_starter_monthly", 1, 2900],
      ["Growth", "price_growth_monthly", 10, 7900],
      ["Pro", "price_pro_monthly", 50, 14900],
    ]);
    expect(yearly.map((p) => p.priceId)).toEqual(["price_starter_yearly", "price_growth_yearly", "price_pro_yearly"]);
    expect(monthly[2].features).toContain(PlanFeature.TwoWayText);
  });

  it("shows a new company its trial, the plans and the Stripe configuration on /billing", async () => {
    const { userId } = await createTestCompany();
    const res = await page(userId, "/billing?period=yearly");
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.words).toEqual({
      status: "Free trial",
      detail: expect.stringMatching(/^14 days left in your free trial \(ends \w{3} \d+\w\w, \d{4}\)\.$/),
    });
    expect(res.body.state).toMatchObject({ planName: "Pro", planPeriod: "Monthly", employees: 1, isTrialing: true });
    expect(res.body.plans.map((p: { name: string; billingPeriod: number }) => [p.name, p.billingPeriod])).toEqual([
      ["Starter", 7],
      ["Growth", 7],
      ["Pro", 7],
    ]);
  });
});

describe("Checkout", () => {
  it("builds a subscription-mode session with the plan's price, the company as reference and return URLs to /billing", async () => {
    const { companyId, userId, email } = await createTestCompany();
    const growth = await planId("price_growth_monthly");
    const res = await post(userId, { intent: "subscribe", planId: String(growth) });
    expect(res.status).toBe(303);
    const sessionId = new URL(res.headers.get("Location")!, "http://localhost").searchParams.get("session");
    expect(sessionId).toMatch(/^cs_test_/);
    const sent = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(sent.account).toBeNull();
    expect(sent.form).toMatchObject({
      mode: "subscription",
      line_items: [{ price: "price_growth_monthly", quantity: "1" }],
      client_reference_id: String(companyId),
      customer_email: email,
      success_url: "http://localhost:3000/billing?checkout=success",
      cancel_url: "http://localhost:3000/billing?checkout=canceled",
      subscription_data: { metadata: { companyId: String(companyId), planId: String(growth) } },
    });
    // The 14-day trial goes on at Stripe: nothing is charged before it ends.
    const trialEnd = Number(sent.form.subscription_data.trial_end);
    const row = await subscriptionOf(companyId);
    expect(trialEnd).toBe(Math.floor(row.trialExpiration!.getTime() / 1000));
    // The page after the post hands the browser on to Checkout.
    const handOff = await page(userId, `/billing?session=${sessionId}`);
    expect(handOff.body.handOff).toBe(`${stripe.url}/c/pay/${sessionId}`);
    // Another company's session is not handed on.
    const other = await createTestCompany();
    const foreign = await page(other.userId, `/billing?session=${sessionId}`);
    expect(foreign.body).toMatchObject({
      handOff: null,
      handOffError: "This checkout has ended. Choose a plan again.",
    });
  });

  it("reuses the company's Stripe customer on a second Checkout after a cancellation", async () => {
    const { companyId, userId, session, subscriptionId } = await subscribed("price_starter_monthly");
    stripe.updateSubscription(subscriptionId, { status: "canceled", ended_at: Math.floor(Date.now() / 1000) });
    await deliver(stripe.event("customer.subscription.deleted", stripe.subscriptions.get(subscriptionId)!));
    expect((await subscriptionOf(companyId)).status).toBe(3);
    const res = await post(userId, { intent: "subscribe", planId: String(await planId("price_starter_monthly")) });
    expect(res.status).toBe(303);
    const sent = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(sent.form.customer).toBe(session.customer);
    expect(sent.form.customer_email).toBeUndefined();
  });
});

describe("the billing webhook", () => {
  it("turns a completed Checkout into an active subscription and the banners go", async () => {
    const { companyId, userId, session, subscriptionId } = await subscribed("price_growth_monthly");
    const row = await subscriptionOf(companyId);
    const periodEnd = stripe.subscriptions.get(subscriptionId)!.items.data[0].current_period_end;
    expect(row).toMatchObject({
      status: 2,
      planId: await planId("price_growth_monthly"),
      stripeCustomerId: session.customer,
      stripeSubscriptionId: subscriptionId,
      stripeStatus: "active",
      hasPaymentMethod: true,
      cancelAtPeriodEnd: false,
    });
    expect(row.expirationDate!.getTime()).toBe(periodEnd * 1000);
    const access = await accessFor(userId);
    expect(access.company.subscription.isActive).toBe(true);
    expect(await limitedBanner(userId)).toEqual([]);
    const res = await page(userId);
    expect(res.body.words.status).toBe("Active");
    expect(res.body.words.detail).toMatch(/^Your subscription renews on /);
  });

  it("keeps a running trial as a trial with the payment method on file", async () => {
    const { companyId } = await subscribed("price_pro_monthly", { endTrial: false });
    const row = await subscriptionOf(companyId);
    expect(row).toMatchObject({ status: 0, stripeStatus: "trialing", hasPaymentMethod: true });
  });

  it("refuses a wrong, missing or Connect-signed signature with 400 and stores nothing", async () => {
    const { companyId, subscriptionId } = await subscribed("price_starter_monthly");
    stripe.updateSubscription(subscriptionId, { status: "canceled" });
    const event = stripe.event("customer.subscription.deleted", stripe.subscriptions.get(subscriptionId)!);
    const wrong = await deliver(event, { secret: "whsec_somebodyElse0123456789" });
    expect(wrong).toEqual({ status: 400, body: "The signature does not match." });
    const connect = await deliver(event, { secret: TEST_STRIPE.webhookSecret });
    expect(connect.status).toBe(400);
    const missing = await deliver(event, { signature: null });
    expect(missing).toEqual({ status: 400, body: "Missing Stripe-Signature." });
    const tampered = await deliver(event, {
      signature: billingWebhookRequest(event).headers.get("Stripe-Signature"),
      body: JSON.stringify({ ...event, type: "invoice.paid" }),
    });
    expect(tampered.status).toBe(400);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect((await subscriptionOf(companyId)).status).toBe(2);
    const get = await callRequest(webhookGet, new Request("http://localhost/api/webhooks/stripe-billing"));
    expect(get.status).toBe(405);
  });

  it("refuses a body past the limit with 413 while reading it", async () => {
    const big = "x".repeat(300 * 1024);
    const res = await deliver({ id: "evt_big" }, { body: big, signature: "t=1,v1=00" });
    expect(res.status).toBe(413);
  });

  it("applies the same event once: a replay does nothing", async () => {
    const { companyId, subscriptionId } = await subscribed("price_starter_monthly");
    stripe.updateSubscription(subscriptionId, { status: "past_due" });
    const failed = stripe.event("invoice.payment_failed", {
      id: "in_test_1",
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    });
    expect((await deliver(failed)).body).toEqual({ received: true, outcome: "applied" });
    const limited = await subscriptionOf(companyId);
    expect(limited).toMatchObject({ status: 2, stripeStatus: "past_due" });
    // Paid meanwhile; the old event delivered again changes nothing.
    stripe.updateSubscription(subscriptionId, { status: "active" });
    expect((await deliver(failed)).body).toEqual({ received: true, outcome: "duplicate" });
    expect(await subscriptionOf(companyId)).toEqual(limited);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, failed.id))).toEqual([
      expect.objectContaining({ id: failed.id, type: "invoice.payment_failed", accountId: null }),
    ]);
  });

  it("maps Stripe's statuses: past_due limits the account, invoice.paid restores it, deleted cancels", async () => {
    const { companyId, userId, subscriptionId } = await subscribed("price_growth_monthly");
    const invoice = (id: string) => ({
      id,
      object: "invoice",
      parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
    });
    stripe.updateSubscription(subscriptionId, { status: "past_due" });
    await deliver(stripe.event("invoice.payment_failed", invoice("in_test_2")));
    expect(await limitedBanner(userId)).toEqual(["Your account is limited."]);
    expect((await page(userId)).body.words.status).toBe("Payment failed");

    stripe.updateSubscription(subscriptionId, { status: "active" });
    await deliver(stripe.event("invoice.paid", invoice("in_test_3")));
    expect(await limitedBanner(userId)).toEqual([]);
    expect((await subscriptionOf(companyId)).status).toBe(2);

    stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await deliver(stripe.event("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!));
    expect(await subscriptionOf(companyId)).toMatchObject({ status: 2, cancelAtPeriodEnd: true });
    expect((await page(userId)).body.words.detail).toMatch(/^Your subscription ends on /);

    const endedAt = Math.floor(Date.now() / 1000);
    stripe.updateSubscription(subscriptionId, { status: "canceled", ended_at: endedAt });
    await deliver(stripe.event("customer.subscription.deleted", stripe.subscriptions.get(subscriptionId)!));
    const row = await subscriptionOf(companyId);
    expect(row).toMatchObject({ status: 3, stripeStatus: "canceled" });
    expect(row.expirationDate!.getTime()).toBe(endedAt * 1000);
    expect(await limitedBanner(userId)).toEqual(["Your account is limited."]);
  });

  it("maps each status without a database", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    const sub = (status: string, extra = {}) =>
      ({
        id: "sub_1",
        status,
        customer: "cus_1",
        cancel_at_period_end: false,
        trial_end: 1_800_000_000,
        ended_at: null,
        default_payment_method: null,
        items: { data: [{ current_period_end: 1_900_000_000 }] },
        ...extra,
      }) as never;
    expect(mapStripeSubscription(sub("trialing"), now)).toMatchObject({
      status: 0,
      trialExpiration: new Date(1_800_000_000_000),
    });
    expect(mapStripeSubscription(sub("active"), now)).toMatchObject({
      status: 2,
      expirationDate: new Date(1_900_000_000_000),
    });
    expect(mapStripeSubscription(sub("unpaid"), now)).toMatchObject({ status: 2, expirationDate: now });
    expect(mapStripeSubscription(sub("canceled"), now)).toMatchObject({ status: 3, expirationDate: now });
    expect(mapStripeSubscription(sub("incomplete"), now)).not.toHaveProperty("status");
  });

  it("ignores events of connected accounts, other Checkout modes and unknown subscriptions", async () => {
    const session = { id: "cs_x", object: "checkout.session", mode: "payment", client_reference_id: "1" };
    expect((await deliver(stripe.event("checkout.session.completed", session))).body.outcome).toBe("ignored");
    const connected = stripe.event("customer.subscription.updated", { id: "sub_x" }, "acct_123");
    expect((await deliver(connected)).body.outcome).toBe("ignored");
    const unknown = stripe.event("customer.subscription.updated", { id: "sub_missing" });
    expect((await deliver(unknown)).body.outcome).toBe("ignored");
  });
});

describe("changing plans", () => {
  it("refuses a downgrade below the team's size with a clear message, and changes nothing", async () => {
    const { companyId, userId } = await createTestCompany();
    await createTestUser(companyId, Role.FieldTech);
    await createTestUser(companyId, Role.OfficeStaff);
    const deleted = await createTestUser(companyId, Role.FieldTech);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.userId));
    const starter = await planId("price_starter_monthly");
    const res = await post(userId, { intent: "changePlan", planId: String(starter) });
    expect(res).toEqual({
      status: 422,
      body: {
        errors: {
          planId: "Your team has 3 employees; the Starter plan allows 1. Remove employees before changing plans.",
        },
        planId: starter,
      },
    });
    expect((await subscriptionOf(companyId)).planId).toBe(await planId("price_pro_monthly"));
    const checkout = await post(userId, { intent: "subscribe", planId: String(starter) });
    expect(checkout.status).toBe(422);
    expect(checkout.body.errors.planId).toMatch(/^Your team has 3 employees/);
  });

  it("upgrades through Stripe with proration and applies the plan's features at once", async () => {
    const { companyId, userId, subscriptionId } = await subscribed("price_starter_monthly");
    const communication = async () =>
      requireAccess(
        { request: makeRequest("/communication", { cookie: await sessionCookie(userId) }) },
        screens.communication,
      )
        .then(() => 200)
        .catch((r: Response) => r.status);
    expect(await communication()).toBe(403);
    const pro = await planId("price_pro_monthly");
    const res = await post(userId, { intent: "changePlan", planId: String(pro) });
    expect(res.status).toBe(302);
    const update = stripe.requests
      .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === "POST")
      .at(-1)!;
    expect(update.form).toMatchObject({
      items: [{ id: expect.stringMatching(/^si_test_/), price: "price_pro_monthly" }],
      proration_behavior: "create_prorations",
    });
    expect((await subscriptionOf(companyId)).planId).toBe(pro);
    expect((await accessFor(userId)).company.planFeatures).toContain(PlanFeature.CustomizedMessages);
    expect(await communication()).toBe(200);

    // Downgrade: the feature of the old plan is gone on the next request.
    const growthNoSms = await planId("price_starter_monthly");
    await post(userId, { intent: "changePlan", planId: String(growthNoSms) });
    expect(await communication()).toBe(403);
    // Stripe's subscription.updated after the change keeps the plan its price names.
    await deliver(stripe.event("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!));
    expect((await subscriptionOf(companyId)).planId).toBe(growthNoSms);
  });

  it("lets a trial switch plans without Stripe, and refuses a company with neither trial nor subscription", async () => {
    const { companyId, userId } = await createTestCompany();
    const growth = await planId("price_growth_monthly");
    expect((await post(userId, { intent: "changePlan", planId: String(growth) })).status).toBe(302);
    expect((await subscriptionOf(companyId)).planId).toBe(growth);
    await db.update(subscriptions).set({ status: 3 }).where(eq(subscriptions.companyId, companyId));
    const res = await post(userId, { intent: "changePlan", planId: String(await planId("price_pro_monthly")) });
    expect(res.body.errors).toEqual({ planId: "Subscribe to a plan first." });
  });

  it("opens the billing portal for a subscribed company", async () => {
    const { userId, session } = await subscribed("price_starter_monthly");
    const res = await post(userId, { intent: "portal" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/billing?continue=portal");
    const handOff = await page(userId, "/billing?continue=portal");
    expect(handOff.body.handOff).toMatch(new RegExp(`^${stripe.url}/p/session/bps_test_`));
    const sent = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!;
    expect(sent.form).toEqual({ customer: session.customer, return_url: "http://localhost:3000/billing" });
    const fresh = await createTestCompany();
    const refused = await post(fresh.userId, { intent: "portal" });
    expect(refused.body.errors).toEqual({ _global: "Subscribe to a plan first: there is no payment method yet." });
  });
});

describe("the admin panel's company list", () => {
  it("filters by plan price and subscription status", async () => {
    const { companyId } = await subscribed("price_growth_yearly");
    const admin = await createTestUser(companyId, Role.SuperAdmin);
    const res = await callRoute(
      adminPageLoader,
      "/api/company/admin/page?pageNumber=1&pageSize=50&filter.priceId=price_growth_yearly&filter.status=2",
      { cookie: await sessionCookie(admin.userId) },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: number }) => c.id)).toEqual([companyId]);
  });
});
