import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, subscriptions } from "~/db/schema";
import { loadAccessBySession } from "~/access/access.server";
import { AppFeature } from "~/access/features";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { Role } from "~/access/roles";
import { loader as panelLoader } from "~/routes/_app+/admin-panel+/_index";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/admin-panel+/company-details.$id";
import { action as twilioAction, loader as twilioLoader } from "~/routes/_app+/admin-panel+/company-twilio-details.$id";
import { action as integrationsAction, loader as integrationsLoader } from "~/routes/_app+/integrations+/_index";
import { authSessionStorage } from "~/sessions.server";
import { createTestCompany, createTestUser, makeRequest, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { signedInAdmin } from "../sign-ins";
import { args, callRoute } from "./helpers";

useTestDatabase();

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
};

async function superAdmin() {
  const platform = await createTestCompany({ businessName: "Platform" });
  const { userId } = await createTestUser(platform.companyId, Role.SuperAdmin);
  return sessionCookie(userId);
}

describe("admin panel screens", () => {
  it("are for the super admin only", async () => {
    const { companyId, userId } = await createTestCompany();
    const { userId: staffId } = await createTestUser(companyId, Role.OfficeStaff);
    for (const cookie of [await sessionCookie(userId), await sessionCookie(staffId)]) {
      expect((await callRoute(panelLoader, "/admin-panel", { cookie })).status).toBe(403);
      const path = `/admin-panel/company-details/${companyId}`;
      expect((await callRoute(detailsLoader, path, { cookie }, { id: String(companyId) })).status).toBe(403);
      expect(
        (
          await callRoute(
            detailsAction,
            path,
            { method: "POST", cookie, body: form({ intent: "features", features: "16" }) },
            {
              id: String(companyId),
            },
          )
        ).status,
      ).toBe(403);
      const twilio = `/admin-panel/company-twilio-details/${companyId}`;
      expect(
        (
          await callRoute(
            twilioAction,
            twilio,
            {
              method: "POST",
              cookie,
              body: form({ intent: "two-way-text", enabled: "true" }),
            },
            { id: String(companyId) },
          )
        ).status,
      ).toBe(403);
    }
    const [row] = await db
      .select({ featureFlags: companies.featureFlags, twoWay: companies.twoWayTextEnabled })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(row.featureFlags & AppFeature.TwoWayText).toBe(0);
    expect(row.twoWay).toBe(false);
  });

  it("lists companies with the URL's search, plan and status filter", async () => {
    const cookie = await superAdmin();
    const acme = await createTestCompany({ businessName: "Acme Screens Co" });
    await db
      .update(subscriptions)
      .set({ status: 3, planId: await planIdByPriceId(db, "price_growth_monthly") })
      .where(eq(subscriptions.companyId, acme.companyId));
    const page = await callRoute(panelLoader, "/admin-panel?q=screens&status=3&priceId=price_growth_monthly", {
      cookie,
    });
    expect(page.body.items).toEqual([expect.objectContaining({ id: acme.companyId, status: 3, planName: "Growth" })]);
    const none = await callRoute(panelLoader, "/admin-panel?q=screens&status=2", { cookie });
    expect(none.body.total).toBe(0);
  });

  it("changes a company's subscription and feature flags, and logs in as one of its users", async () => {
    const cookie = await superAdmin();
    const { companyId, userId } = await createTestCompany();
    const path = `/admin-panel/company-details/${companyId}`;
    const params = { id: String(companyId) };
    const details = await callRoute(detailsLoader, path, { cookie }, params);
    expect(details.body.company.users).toEqual([expect.objectContaining({ id: userId })]);

    const starter = await planIdByPriceId(db, "price_starter_monthly");
    const bad = await callRoute(
      detailsAction,
      path,
      {
        method: "POST",
        cookie,
        body: form({ intent: "subscription", planId: String(starter), status: "2", trialExpiration: "soon" }),
      },
      params,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors.trialExpiration).toBe("Trial expiration must be a date");
    expect(
      (
        await detailsAction(
          args(
            makeRequest(path, { method: "POST", cookie, body: form({ intent: "subscription", planId: "x" }) }),
            params,
          ),
        )
      ).status,
    ).toBe(422);
    const saved = await callRoute(
      detailsAction,
      path,
      {
        method: "POST",
        cookie,
        body: form({
          intent: "subscription",
          planId: String(starter),
          status: "2",
          trialExpiration: "",
          expirationDate: "2031-01-31",
        }),
      },
      params,
    );
    expect(saved.status).toBe(302);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
    expect(sub).toMatchObject({ planId: starter, status: 2, trialExpiration: null });
    expect(sub.expirationDate?.toISOString()).toBe("2031-01-31T23:59:59.999Z");

    await callRoute(
      detailsAction,
      path,
      {
        method: "POST",
        cookie,
        body: form({ intent: "features", features: [String(AppFeature.TwoWayText), String(AppFeature.Estimates)] }),
      },
      params,
    );
    const [company] = await db
      .select({ featureFlags: companies.featureFlags })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(company.featureFlags).toBe(AppFeature.TwoWayText | AppFeature.Estimates);
    expect(
      (
        await callRoute(
          detailsAction,
          path,
          { method: "POST", cookie, body: form({ intent: "features", features: "3" }) },
          params,
        )
      ).status,
    ).toBe(400);
    expect(
      (await callRoute(detailsAction, path, { method: "POST", cookie, body: form({ intent: "nope" }) }, params)).status,
    ).toBe(400);

    const shadow = await callRoute(
      detailsAction,
      path,
      { method: "POST", cookie, body: form({ intent: "shadow", userId: String(userId) }) },
      params,
    );
    expect(shadow.status).toBe(302);
    expect(shadow.headers.get("Location")).toBe("/dashboard");
    const session = await authSessionStorage().getSession(shadow.headers.get("Set-Cookie"));
    const access = await loadAccessBySession(String((session.data as { sessionId?: string }).sessionId));
    expect(access?.user).toMatchObject({ id: userId, impersonatorUserId: expect.any(Number) });

    const missing = await callRoute(detailsLoader, "/admin-panel/company-details/999999", { cookie }, { id: "999999" });
    expect(missing.status).toBe(404);
  });

  it("shows twilio details honestly and toggles two-way text", async () => {
    const cookie = await superAdmin();
    const { companyId } = await createTestCompany();
    const path = `/admin-panel/company-twilio-details/${companyId}`;
    const params = { id: String(companyId) };
    const before = await callRoute(twilioLoader, path, { cookie }, params);
    expect(before.body.company).toMatchObject({ messagingReady: false, twoWayTextEnabled: false });
    const toggled = await callRoute(
      twilioAction,
      path,
      { method: "POST", cookie, body: form({ intent: "two-way-text", enabled: "true" }) },
      params,
    );
    expect(toggled.status).toBe(302);
    const after = await callRoute(twilioLoader, path, { cookie }, params);
    expect(after.body.company.twoWayTextEnabled).toBe(true);
  });
});

describe("integrations screen", () => {
  it("creates the API key once for managers and refuses office staff", async () => {
    const { companyId, cookie } = await signedInAdmin();
    const created = await callRoute(integrationsAction, "/integrations?index", {
      method: "POST",
      cookie,
      body: form({ intent: "create-api-key" }),
    });
    expect(created.status).toBe(200);
    expect(created.body.apiKey).toMatch(/^fwk_/);
    const screen = await callRoute(integrationsLoader, "/integrations", { cookie });
    expect(screen.body.key).toMatchObject({ exists: true, prefix: created.body.apiKey.slice(0, 10) });
    expect(JSON.stringify(screen.body)).not.toContain(created.body.apiKey);

    const { userId: staffId } = await createTestUser(companyId, Role.OfficeStaff);
    const staff = await sessionCookie(staffId);
    expect((await callRoute(integrationsLoader, "/integrations", { cookie: staff })).status).toBe(403);
    expect(
      (
        await callRoute(integrationsAction, "/integrations?index", {
          method: "POST",
          cookie: staff,
          body: form({ intent: "create-api-key" }),
        })
      ).status,
    ).toBe(403);
  });
});
