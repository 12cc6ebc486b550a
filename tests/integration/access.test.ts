import { describe, expect, it } from "vitest";
import { getAccess, REQUEST_ID_HEADER, requireAccess } from "~/access/access.server";
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
      await requireAccess(makeRequest("/customers?tag=1"));
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
    expect(await statusOf(requireAccess(makeRequest("/customers", { cookie: admin })))).toBe(200);
    expect(await statusOf(requireAccess(makeRequest("/customers", { cookie: tech })))).toBe(403);
    expect(await statusOf(requireAccess(makeRequest("/schedule", { cookie: tech })))).toBe(200);
    expect(await statusOf(requireAccess(makeRequest("/admin-panel", { cookie: admin })))).toBe(403);
    // two-way text is off until the super admin enables it
    expect(await statusOf(requireAccess(makeRequest("/inbox", { cookie: admin })))).toBe(403);
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
      await requireAccess(makeRequest("/dashboard", { cookie }));
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

describe("getAccess", () => {
  it("looks the session up once for all loaders of a page, again after an action, and never across requests", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const copy = (id: string, method = "GET") => makeRequest("/customers", { cookie, method, headers: { [REQUEST_ID_HEADER]: id } });
    const layout = getAccess(copy("req-1"));
    expect(getAccess(copy("req-1"))).toBe(layout);
    expect(getAccess(copy("req-1", "POST"))).not.toBe(layout);
    expect(getAccess(copy("req-2"))).not.toBe(layout);
    expect((await layout)?.user.id).toBe(userId);
    const withoutId = makeRequest("/customers", { cookie });
    expect(getAccess(withoutId)).toBe(getAccess(withoutId));
    expect(getAccess(makeRequest("/customers", { cookie }))).not.toBe(getAccess(withoutId));
  });
});
