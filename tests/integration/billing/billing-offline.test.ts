import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { planFeatures, plans, subscriptions } from "~/db/schema";
import { requireAccess } from "~/access/access.server";
import { PlanFeature } from "~/access/features";
import { screens } from "~/access/route-table";
import { Role } from "~/access/roles";
import { action as billingAction, loader as billingLoader } from "~/routes/_app+/billing";
import { action as plansAction, loader as plansLoader } from "~/routes/_app+/admin-panel+/plans";
import { action as webhookAction } from "~/routes/api+/webhooks+/stripe-billing";
import { BILLING_NOT_SET_UP } from "~/services/billing-notice";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { callRequest, callRoute } from "../route-call";
import { billingWebhookRequest, form, planId, subscriptionOf } from "./fixtures";

// No STRIPE_* in this file: billing is offline.
useTestDatabase();

const post = async (userId: number, fields: Record<string, string>) =>
  callRoute(billingAction, "/billing", { ...form(fields), cookie: await sessionCookie(userId) });

describe("/billing without Stripe", () => {
  it("shows the trial, the plans and the notice, and refuses Checkout and the portal on the page", async () => {
    const { userId } = await createTestCompany();
    const page = await callRoute(billingLoader, "/billing", { cookie: await sessionCookie(userId) });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ enabled: false, handOff: null, words: { status: "Free trial" } });
    expect(page.body.plans.map((p: { name: string }) => p.name)).toEqual(["Starter", "Growth", "Pro"]);
    const growth = String(await planId("price_growth_monthly"));
    expect(await post(userId, { intent: "subscribe", planId: growth })).toEqual({
      status: 422,
      body: { errors: { _global: `${BILLING_NOT_SET_UP}.` }, planId: Number(growth) },
    });
    expect((await post(userId, { intent: "portal" })).body.errors).toEqual({ _global: `${BILLING_NOT_SET_UP}.` });
    // A trial may still try another plan.
    expect((await post(userId, { intent: "changePlan", planId: growth })).status).toBe(302);
  });

  it("answers the webhook 503 when signed (Stripe retries later) and 400 when not", async () => {
    const event = { id: "evt_offline", object: "event", type: "invoice.paid", data: { object: {} } };
    const signed = await callRequest(webhookAction, billingWebhookRequest(event));
    expect(signed).toEqual({ status: 503, body: "Online billing is not set up." });
    const unsigned = await callRequest(webhookAction, billingWebhookRequest(event, { signature: null }));
    expect(unsigned.status).toBe(400);
  });
});

describe("the super admin's plan editor", () => {
  const fields = (id: number, extra: Record<string, string> = {}) => ({
    id: String(id),
    name: "Starter",
    priceId: "price_starter_monthly",
    monthlyPrice: "31.50",
    employeeLimit: "2",
    billingPeriod: "3",
    isActive: "on",
    ...extra,
  });
  const save = async (userId: number, body: URLSearchParams) =>
    callRoute(plansAction, "/admin-panel/plans", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      cookie: await sessionCookie(userId),
    });

  it("edits name, price, limit and features; subscribers get the features at once", async () => {
    const { companyId, userId } = await createTestCompany();
    const superAdmin = await createTestUser(companyId, Role.SuperAdmin);
    const starter = await planId("price_starter_monthly");
    await db.update(subscriptions).set({ planId: starter }).where(eq(subscriptions.companyId, companyId));
    const communication = async () =>
      requireAccess(
        { request: makeRequest("/communication", { cookie: await sessionCookie(userId) }) },
        screens.communication,
      )
        .then(() => 200)
        .catch((r: Response) => r.status);
    expect(await communication()).toBe(403);

    const list = await callRoute(plansLoader, "/admin-panel/plans", { cookie: await sessionCookie(superAdmin.userId) });
    expect(list.body.plans).toHaveLength(6);

    const body = new URLSearchParams(fields(starter));
    body.append("features", String(PlanFeature.Reminders));
    body.append("features", String(PlanFeature.CustomizedMessages));
    const res = await save(superAdmin.userId, body);
    expect(res.status).toBe(302);
    const [row] = await db.select().from(plans).where(eq(plans.id, starter));
    expect(row).toMatchObject({ name: "Starter", monthlyPriceCents: 3150, employeeLimit: 2, isActive: true });
    const features = await db.select().from(planFeatures).where(eq(planFeatures.planId, starter));
    expect(features.map((f) => f.featureId).sort((a, b) => a - b)).toEqual([1, 6]);
    expect(await communication()).toBe(200);

    // Retired: no longer offered, its subscribers keep it.
    const retired = await save(superAdmin.userId, new URLSearchParams(fields(starter, { isActive: "" })));
    expect(retired.status).toBe(302);
    expect((await subscriptionOf(companyId)).planId).toBe(starter);
    const page = await callRoute(billingLoader, "/billing", { cookie: await sessionCookie(userId) });
    expect(page.body.plans.map((p: { name: string }) => p.name)).toEqual(["Growth", "Pro"]);
    expect(await communication()).toBe(403);
  });

  it("refuses a price ID another plan has, on the field, and anyone but the super admin", async () => {
    const { companyId, userId } = await createTestCompany();
    const superAdmin = await createTestUser(companyId, Role.SuperAdmin);
    const growth = await planId("price_growth_monthly");
    const taken = await save(
      superAdmin.userId,
      new URLSearchParams(fields(growth, { name: "Growth", priceId: "price_pro_monthly" })),
    );
    expect(taken.status).toBe(422);
    expect(taken.body.fieldErrors).toEqual({ priceId: "Another plan has this price ID." });
    const bad = await save(
      superAdmin.userId,
      new URLSearchParams(fields(growth, { employeeLimit: "0", priceId: "x" })),
    );
    expect(bad.body.fieldErrors).toEqual({
      employeeLimit: "Employee limit must be at least 1",
      priceId: "Price ID must be a Stripe price id (price_…)",
    });
    const companyAdmin = await save(userId, new URLSearchParams(fields(growth)));
    expect(companyAdmin.status).toBe(403);
  });
});
