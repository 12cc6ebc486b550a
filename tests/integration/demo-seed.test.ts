import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, jobs, priceListItems, users } from "~/db/schema";
import { DEMO_LOGINS, seedDemoCompany } from "~/models/demo-seed.server";
import { verifyPassword } from "~/models/passwords.server";
import { homePathFor } from "~/models/roles";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("demo seed", () => {
  it("seeds one login per role and realistic data into an empty database, once", async () => {
    expect(await seedDemoCompany()).toBe(true);
    const homes = [];
    for (const login of DEMO_LOGINS) {
      const [user] = await db.select().from(users).where(eq(users.email, login.email));
      expect(await verifyPassword(login.password, user.passwordHash)).toBe(true);
      homes.push(homePathFor(user.role));
    }
    expect(homes).toEqual(["/admin-panel", "/dashboard", "/dashboard", "/schedule"]);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS[1].email));
    const count = async (table: typeof customers | typeof jobs | typeof priceListItems) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.companyId, admin.companyId)))[0].n;
    expect(await count(customers)).toBe(60);
    expect(await count(jobs)).toBe(400);
    expect(await count(priceListItems)).toBeGreaterThan(10);
    expect(await seedDemoCompany()).toBe(false);
  });
});
