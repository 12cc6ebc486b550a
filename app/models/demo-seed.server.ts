import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies } from "~/db/schema";
import { hashPassword } from "~/models/passwords.server";
import { Role } from "~/models/roles";
import { createCompanyWithAdmin } from "~/models/signup.server";
import { users } from "~/db/schema";

const DEMO_PASSWORD = "demo1234";

/** The same logins every time, also listed in the README. */
export const DEMO_LOGINS = [
  { role: "super admin", email: "super@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "company admin", email: "admin@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "office staff", email: "office@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "field tech", email: "tech@fieldwise.demo", password: DEMO_PASSWORD },
] as const;

/** Seeds the demo company and the platform's super admin into an empty database only. */
export async function seedDemoCompany(): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await createCompanyWithAdmin(tx, {
      businessName: "Fieldwise HQ",
      email: DEMO_LOGINS[0].email,
      password: DEMO_PASSWORD,
      firstName: "Sam",
      lastName: "Super",
      country: "US",
      role: Role.SuperAdmin,
    });
    const demo = await createCompanyWithAdmin(tx, {
      businessName: "Blue Ridge Heating & Air",
      email: DEMO_LOGINS[1].email,
      password: DEMO_PASSWORD,
      firstName: "Dana",
      lastName: "Whitfield",
      phoneNumber: "+17045550134",
      businessPhoneNumber: "+17045550100",
      businessWebsite: "https://blueridgeheating.example",
      industry: 11,
      companySize: 2,
      location: "1200 Tryon St, Charlotte, NC 28203, USA",
      country: "US",
    });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx.insert(users).values([
      { companyId: demo.companyId, email: DEMO_LOGINS[2].email, passwordHash, firstName: "Olivia", lastName: "Reyes", role: Role.OfficeStaff, color: "#8E44AD", mainPhoneNumber: "+17045550141" },
      { companyId: demo.companyId, email: DEMO_LOGINS[3].email, passwordHash, firstName: "Marcus", lastName: "Lee", role: Role.FieldTech, color: "#3AC09D", mainPhoneNumber: "+17045550152" },
    ]);
  });
  return true;
}
