import { describe, expect, it } from "vitest";
import { getAccess } from "~/access/access.server";
import { logOut } from "~/models/accounts/account-sessions.server";
import { updateFeatureFlags } from "~/models/admin/admin-panel.server";
import { revokeSessions } from "~/models/employees/employees.server";
import { Role } from "~/access/roles";
import { db } from "~/db.server";
import { createTestCompany, createTestUser, accessFor, makeRequest, sessionCookie } from "../helpers/factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const page = (cookie: string) => getAccess(makeRequest("/dashboard", { cookie }));

// On the embedded database (this suite's default) access is remembered between requests; every
// change to it must show on the very next request. On PostgreSQL it is always read afresh.
describe("access remembered between requests", () => {
  it("answers two requests of one session with the same frozen access, on the embedded database", async () => {
    const { userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const first = await page(cookie);
    const second = await page(cookie);
    expect(second?.user.id).toBe(userId);
    if (process.env.TEST_DATABASE_URL) expect(second).not.toBe(first);
    else {
      expect(second).toBe(first);
      expect(Object.isFrozen(second?.company.planFeatures)).toBe(true);
    }
  });

  it("forgets a session the moment it is logged out or revoked", async () => {
    const { userId, companyId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    expect((await page(cookie))?.user.id).toBe(userId);
    await logOut(makeRequest("/logout", { cookie, method: "POST" }));
    expect(await page(cookie)).toBeNull();

    const { userId: techId } = await createTestUser(companyId, Role.FieldTech);
    const techCookie = await sessionCookie(techId);
    expect((await page(techCookie))?.user.role).toBe(Role.FieldTech);
    await revokeSessions(db, techId);
    expect(await page(techCookie)).toBeNull();
  });

  it("shows a change of the company's features on the next request", async () => {
    const { userId, companyId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const before = (await page(cookie))!.company.featureFlags;
    const { userId: superId } = await createTestUser(companyId, Role.SuperAdmin);
    const superAccess = await accessFor(superId);
    await updateFeatureFlags(superAccess.ctx, companyId, [1]);
    const after = (await page(cookie))!.company.featureFlags;
    expect(after).toBe(1);
    expect(after).not.toBe(before);
  });
});
