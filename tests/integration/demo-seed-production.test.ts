import { describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import { DEMO_LOGINS, demoPasswords, seedDemoCompany } from "~/server/seeds/demo-seed.server";
import { verifyPassword } from "~/models/accounts/passwords.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("demo seed in production", () => {
  it("seeds no user (the 3 extra technicians included) who signs in with demo1234", async () => {
    const seeded = await seedDemoCompany(demoPasswords({ NODE_ENV: "production", DEMO_PASSWORD: undefined }));
    expect(seeded?.source).toBe("random");
    const rows = await db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(like(users.email, "%fieldwise.demo"));
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(await verifyPassword("demo1234", row.passwordHash)).toBe(false);
    for (const [i, login] of DEMO_LOGINS.entries()) {
      const row = rows.find((r) => r.email === login.email)!;
      expect(await verifyPassword(seeded!.logins[i], row.passwordHash)).toBe(true);
    }
    // The whole demo seed (six months of jobs, four of invoices) and 14 password checks.
  }, 120_000);
});
