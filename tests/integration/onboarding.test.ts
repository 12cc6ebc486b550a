import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers } from "~/db/schema";
import { loader as shouldShow } from "~/routes/api+/company-settings+/onboarding.$actionType.should-show";
import { action as dismiss } from "~/routes/api+/company-settings+/onboarding.$actionType";
import { loader as dashboard } from "~/routes/_app+/dashboard";
import { Role } from "~/access/roles";
import { createTestCompany, createTestUser, makeRequest, sessionCookie } from "../helpers/factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("onboarding checklist and tips", () => {
  it("ticks a step when its data exists, and a dismissed tip stays hidden", async () => {
    const { companyId, userId } = await createTestCompany();
    const cookie = await sessionCookie(userId);
    const stepsOf = async () =>
      (await (await dashboard({ request: makeRequest("/dashboard", { cookie }), params: {}, context: {} })).json())
        .steps as Array<{ actionType: number; isDone: boolean }>;
    expect((await stepsOf()).filter((s) => s.isDone)).toEqual([]);

    await db.insert(customers).values({ companyId, firstName: "Jane" });
    await db
      .update(companies)
      .set({ logoUrl: "/files/logo.png", businessPhoneNumber: "+17045550100", location: "1 Main St" })
      .where(eq(companies.id, companyId));
    expect((await stepsOf()).filter((s) => s.isDone).map((s) => s.actionType)).toEqual([0, 3]);

    const ask = async () =>
      (
        await (
          await shouldShow({
            request: makeRequest("/api/company-settings/onboarding/2/should-show", { cookie }),
            params: { actionType: "2" },
            context: {},
          })
        ).json()
      ).data.isShown;
    expect(await ask()).toBe(true);
    const res = await dismiss({
      request: makeRequest("/api/company-settings/onboarding/2", { method: "DELETE", cookie }),
      params: { actionType: "2" },
      context: {},
    });
    expect(res.status).toBe(200);
    expect(await ask()).toBe(false);
    // Tips are for the admin roles only: office staff are never shown one.
    const office = await sessionCookie((await createTestUser(companyId, Role.OfficeStaff)).userId);
    const askOffice = await shouldShow({
      request: makeRequest("/api/company-settings/onboarding/3/should-show", { cookie: office }),
      params: { actionType: "3" },
      context: {},
    });
    expect((await askOffice.json()).data.isShown).toBe(false);
  });

  it("refuses the dashboard to a field tech", async () => {
    const { companyId } = await createTestCompany();
    const tech = await createTestUser(companyId, Role.FieldTech);
    const cookie = await sessionCookie(tech.userId);
    await expect(
      dashboard({ request: makeRequest("/dashboard", { cookie }), params: {}, context: {} }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
