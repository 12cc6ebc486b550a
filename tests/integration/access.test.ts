import { describe, expect, it } from "vitest";
import { accessLookup, optionalAccess, requireAccess } from "~/access/access.server";
import { screens, type RouteRule } from "~/access/route-table";
import { Role } from "~/access/roles";
import { createTestCompany, createTestUser, makeRequest, sessionCookie } from "../helpers/factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("requireAccess", () => {
  it("sends a visitor to sign in with the page they wanted", async () => {
    try {
      await requireAccess({ request: makeRequest("/customers?tag=1") }, screens.customers.list);
      expect.unreachable();
    } catch (thrown) {
      const res = thrown as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcustomers%3Ftag%3D1");
    }
  });

  it("applies the roles of the route table", async () => {
    const { companyId, userId: adminId } = await createTestCompany();
    const { userId: techId } = await createTestUser(companyId, Role.FieldTech);
    const admin = await sessionCookie(adminId);
    const tech = await sessionCookie(techId);
    expect(
      await statusOf(requireAccess({ request: makeRequest("/customers", { cookie: admin }) }, screens.customers.list)),
    ).toBe(200);
    expect(
      await statusOf(requireAccess({ request: makeRequest("/customers", { cookie: tech }) }, screens.customers.list)),
    ).toBe(403);
    expect(
      await statusOf(requireAccess({ request: makeRequest("/schedule", { cookie: tech }) }, screens.schedule)),
    ).toBe(200);
    expect(
      await statusOf(
        requireAccess({ request: makeRequest("/admin-panel", { cookie: admin }) }, screens.adminPanel.companies),
      ),
    ).toBe(403);
    // two-way text is off until the super admin enables it
    expect(await statusOf(requireAccess({ request: makeRequest("/inbox", { cookie: admin }) }, screens.inbox))).toBe(
      403,
    );
  });
});

describe("a dead session", () => {
  it("goes to sign in with 'You were logged out' and a cleared cookie", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const { db } = await import("~/db.server");
    const { sessions } = await import("~/db/schema");
    await db.delete(sessions);
    try {
      await requireAccess({ request: makeRequest("/dashboard", { cookie }) }, screens.dashboard);
      expect.unreachable();
    } catch (thrown) {
      const res = thrown as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
      const cookies = res.headers.get("Set-Cookie") ?? "";
      expect(cookies).toMatch(/__session=;/);
      expect(cookies).toMatch(/__toast=/);
    }
  });
});

describe("the access of a request (its load context)", () => {
  it("is looked up once for the loaders of a page, again for an action, and never across requests", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const context = { access: accessLookup() };
    const page = (method = "GET") => ({ request: makeRequest("/customers", { cookie, method }), context });
    const layout = await requireAccess(page(), screens.home);
    expect(await requireAccess(page(), screens.customers.list)).toBe(layout);
    expect(layout.user.id).toBe(userId);
    const action = await requireAccess(page("POST"), screens.customers.list);
    expect(action).not.toBe(layout);
    expect(await requireAccess(page("POST"), screens.customers.list)).toBe(action);
    const next = { request: makeRequest("/customers", { cookie }), context: { access: accessLookup() } };
    expect(await requireAccess(next, screens.customers.list)).not.toBe(layout);
  });

  it("takes only entries of the route table, each with its own check", async () => {
    const request = makeRequest("/customers");
    const madeUp = { name: "customers.list", pattern: "/customers", kind: "private", roles: [] } as RouteRule;
    await expect(requireAccess({ request }, madeUp)).rejects.toThrow(/names no route-table entry/);
    await expect(requireAccess({ request }, screens.auth.login)).rejects.toThrow(/use optionalAccess/);
    await expect(optionalAccess({ request }, screens.customers.list)).rejects.toThrow(/use requireAccess/);
    expect(await optionalAccess({ request }, screens.auth.login)).toBeNull();
  });
});
