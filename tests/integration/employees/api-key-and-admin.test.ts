import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companyApiKeys, subscriptions, users } from "~/db/schema";
import "~/access/api-keys.server";
import { planIdByPriceId } from "~/models/admin/plans.server";
import { Role } from "~/access/roles";
import { loader as companyAdminLoader } from "~/routes/api+/company+/admin+/$id";
import { loader as companiesPageLoader } from "~/routes/api+/company+/admin+/page";
import { action as apiKeyAction, loader as apiKeyLoader } from "~/routes/api+/company+/zapier-api-key";
import { action as employeesAction, loader as employeesLoader } from "~/routes/api+/employees+/_layout";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { signedInAdmin } from "../sign-ins";
import { callRoute } from "./helpers";

useTestDatabase();

describe("company API key", () => {
  it("is created once, stored hashed, and authenticates /api calls as the company admin", async () => {
    const { companyId, userId, cookie } = await signedInAdmin();
    const none = await callRoute(apiKeyLoader, "/api/company/zapier-api-key", { cookie });
    expect(none.body).toEqual({ exists: false, prefix: null, createdAt: null });

    const created = await callRoute(apiKeyAction, "/api/company/zapier-api-key", { method: "POST", cookie });
    expect(created.status).toBe(201);
    const apiKey = created.body.apiKey as string;
    expect(apiKey).toMatch(/^fwk_[A-Za-z0-9_-]{40,}$/);
    const [stored] = await db.select().from(companyApiKeys).where(eq(companyApiKeys.companyId, companyId));
    expect(stored.keyHash).not.toContain(apiKey);
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const info = await callRoute(apiKeyLoader, "/api/company/zapier-api-key", { cookie });
    expect(info.body).toEqual({ exists: true, prefix: apiKey.slice(0, 10), createdAt: expect.any(String) });
    expect(JSON.stringify(info.body)).not.toContain(apiKey);

    const viaHeader = await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": apiKey } });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body.data.map((e: { id: number }) => e.id)).toContain(userId);
    const viaBearer = await callRoute(employeesLoader, "/api/employees", {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(viaBearer.status).toBe(200);
    const write = await callRoute(employeesAction, "/api/employees", {
      method: "POST",
      headers: { "X-API-Key": apiKey },
      json: {
        email: `zap-${Date.now()}@example.com`,
        password: "Secret123!",
        firstName: "Zap",
        lastName: "Ier",
        role: 0,
      },
    });
    expect(write.status).toBe(201);

    const wrong = await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": `${apiKey}x` } });
    expect(wrong.status).toBe(401);
    const garbage = await callRoute(employeesLoader, "/api/employees", {
      headers: { Authorization: "Bearer nonsense" },
    });
    expect(garbage.status).toBe(401);

    // rotating replaces the old key at once
    const rotated = await callRoute(apiKeyAction, "/api/company/zapier-api-key", { method: "POST", cookie });
    expect(rotated.body.apiKey).not.toBe(apiKey);
    expect((await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": apiKey } })).status).toBe(401);
    expect(
      (await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": rotated.body.apiKey } })).status,
    ).toBe(200);
  });

  it("acts as the oldest live company admin and stops when there is none", async () => {
    const { companyId, userId, cookie } = await signedInAdmin();
    const { apiKey } = (await callRoute(apiKeyAction, "/api/company/zapier-api-key", { method: "POST", cookie })).body;
    const { userId: second } = await createTestUser(companyId, Role.CompanyAdmin);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    const res = await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": apiKey } });
    expect(res.status).toBe(200);
    await db.update(users).set({ role: Role.FieldTech }).where(eq(users.id, second));
    expect((await callRoute(employeesLoader, "/api/employees", { headers: { "X-API-Key": apiKey } })).status).toBe(401);
  });

  it("is managed by manager-level roles only", async () => {
    const { companyId } = await createTestCompany();
    const { userId } = await createTestUser(companyId, Role.OfficeStaff);
    const cookie = await sessionCookie(userId);
    expect((await callRoute(apiKeyAction, "/api/company/zapier-api-key", { method: "POST", cookie })).status).toBe(403);
    expect((await callRoute(apiKeyLoader, "/api/company/zapier-api-key", { cookie })).status).toBe(403);
  });
});

describe("admin panel API", () => {
  it("pages, searches and filters companies for the super admin only", async () => {
    const platform = await createTestCompany({ businessName: "Platform HQ" });
    const { userId: superId } = await createTestUser(platform.companyId, Role.SuperAdmin);
    const superCookie = await sessionCookie(superId);
    const acme = await createTestCompany({ businessName: "Acme Plumbing Zeta" });
    const bolt = await createTestCompany({ businessName: "Bolt Electric Zeta" });
    await db
      .update(subscriptions)
      .set({ status: 2, planId: await planIdByPriceId(db, "price_starter_monthly") })
      .where(eq(subscriptions.companyId, bolt.companyId));

    const page = (query: string) =>
      callRoute(companiesPageLoader, `/api/company/admin/page?${query}`, { cookie: superCookie });
    const all = await page("pageNumber=1&pageSize=2");
    expect(all.body).toMatchObject({ pageNumber: 1, pageSize: 2 });
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(all.body.items).toHaveLength(2);

    const byName = await page("searchQuery=zeta&sortSettings[0].fieldName=businessName");
    expect(byName.body.items.map((c: { businessName: string }) => c.businessName)).toEqual([
      "Acme Plumbing Zeta",
      "Bolt Electric Zeta",
    ]);
    const byEmail = await page(`searchQuery=${encodeURIComponent(acme.email)}`);
    expect(byEmail.body.items).toEqual([
      expect.objectContaining({ id: acme.companyId, adminEmail: acme.email, status: 0, planName: "Pro", userCount: 1 }),
    ]);
    const active = await page("filter.status=2");
    expect(active.body.items.map((c: { id: number }) => c.id)).toEqual([bolt.companyId]);
    const starter = await page("filter.priceId=price_starter_monthly");
    expect(starter.body.items.map((c: { id: number }) => c.id)).toEqual([bolt.companyId]);
    const trials = await page("filter.status=0&filter.priceId=price_pro_monthly&searchQuery=zeta");
    expect(trials.body.items.map((c: { id: number }) => c.id)).toEqual([acme.companyId]);

    const details = await callRoute(
      companyAdminLoader,
      `/api/company/admin/${acme.companyId}`,
      { cookie: superCookie },
      {
        id: String(acme.companyId),
      },
    );
    expect(details.body).toMatchObject({
      id: acme.companyId,
      businessName: "Acme Plumbing Zeta",
      users: [expect.objectContaining({ id: acme.userId, role: Role.CompanyAdmin })],
    });
    const missing = await callRoute(
      companyAdminLoader,
      "/api/company/admin/999999",
      { cookie: superCookie },
      { id: "999999" },
    );
    expect(missing.status).toBe(404);

    const adminCookie = await sessionCookie(acme.userId);
    expect((await callRoute(companiesPageLoader, "/api/company/admin/page", { cookie: adminCookie })).status).toBe(403);
    expect(
      (
        await callRoute(
          companyAdminLoader,
          `/api/company/admin/${acme.companyId}`,
          { cookie: adminCookie },
          {
            id: String(acme.companyId),
          },
        )
      ).status,
    ).toBe(403);
  });
});
