import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, customers, users } from "~/db/schema";
import { seedCustomers } from "~/models/customers-seed.server";
import { seedEmployees } from "~/models/employees-seed.server";
import { seedJobs } from "~/models/jobs-seed.server";
import { hashPassword } from "~/models/passwords.server";
import { seedPriceBook } from "~/models/price-book-seed.server";
import { Role } from "~/models/roles";
import { createCompanyWithAdmin } from "~/models/signup.server";

const DEMO_PASSWORD = "demo1234";

/** The same logins every time, also listed in the README. */
export const DEMO_LOGINS = [
  { role: "super admin", email: "super@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "company admin", email: "admin@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "office staff", email: "office@fieldwise.demo", password: DEMO_PASSWORD },
  { role: "field tech", email: "tech@fieldwise.demo", password: DEMO_PASSWORD },
] as const;

/**
 * Seeds the platform's super admin and a demo company (one login per role, a price book, 3 more
 * technicians, 60 customers and a year of jobs around today) into an empty database only.
 */
export async function seedDemoCompany(): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return false;
  const companyId = await db.transaction(async (tx) => {
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
    await seedPriceBook(demo.companyId, tx);
    await seedEmployees(demo.companyId, 3, tx);
    return demo.companyId;
  });
  await seedCustomers(companyId, 60);
  const technicians = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.role, Role.FieldTech), isNull(users.deletedAt)));
  const customerRows = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId));
  await seedJobs(companyId, { count: 400, years: 1, employeeIds: technicians.map((t) => t.id), customerIds: customerRows.map((c) => c.id), timezone: "America/New_York" });
  return true;
}
