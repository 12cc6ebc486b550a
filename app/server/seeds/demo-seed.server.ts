import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { env, PUBLISHED_DEMO_PASSWORD, type Env } from "~/server/env.server";
import { companies, customers, users } from "~/db/schema";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { seedEmployees } from "~/server/seeds/employees-seed.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { hashPassword, randomToken } from "~/models/accounts/passwords.server";
import { seedPriceBook } from "~/server/seeds/price-book-seed.server";
import { Role } from "~/access/roles";
import { createCompanyWithAdmin } from "~/models/accounts/signup.server";

/**
 * The same logins every time, also listed in the README, with their development password. In
 * production they get other passwords (demoPasswords): DEMO_PASSWORD or random ones.
 */
export const DEMO_LOGINS = [
  { role: "super admin", email: "super@fieldwise.demo", password: PUBLISHED_DEMO_PASSWORD },
  { role: "company admin", email: "admin@fieldwise.demo", password: PUBLISHED_DEMO_PASSWORD },
  { role: "office staff", email: "office@fieldwise.demo", password: PUBLISHED_DEMO_PASSWORD },
  { role: "field tech", email: "tech@fieldwise.demo", password: PUBLISHED_DEMO_PASSWORD },
] as const;

export type DemoPasswords = {
  /** The README's password (development), DEMO_PASSWORD, or random ones (production without DEMO_PASSWORD). */
  source: "published" | "environment" | "random";
  /** One per DEMO_LOGINS entry, in its order. */
  logins: string[];
  /** The other seeded employees' password (listed nowhere). */
  others: string;
};

export function demoPasswordSource(config: Pick<Env, "NODE_ENV" | "DEMO_PASSWORD"> = env()): DemoPasswords["source"] {
  if (config.DEMO_PASSWORD) return "environment";
  return config.NODE_ENV === "production" ? "random" : "published";
}

/** A published password is never given to anyone in production (DEMO_PASSWORD cannot be it either: env.server). */
export function demoPasswords(config: Pick<Env, "NODE_ENV" | "DEMO_PASSWORD"> = env()): DemoPasswords {
  const source = demoPasswordSource(config);
  if (source === "environment")
    return { source, logins: DEMO_LOGINS.map(() => config.DEMO_PASSWORD!), others: config.DEMO_PASSWORD! };
  if (source === "published")
    return { source, logins: DEMO_LOGINS.map(() => PUBLISHED_DEMO_PASSWORD), others: PUBLISHED_DEMO_PASSWORD };
  return { source, logins: DEMO_LOGINS.map(() => randomToken(12)), others: randomToken(24) };
}

/**
 * Seeds the platform's super admin and a demo company (one login per role, a price book, 3 more
 * technicians, 60 customers and a year of jobs around today) into an empty database only.
 * Answers the passwords it gave, or null when the database was not empty.
 */
export async function seedDemoCompany(passwords: DemoPasswords = demoPasswords()): Promise<DemoPasswords | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return null;
  const companyId = await db.transaction(async (tx) => {
    await createCompanyWithAdmin(
      tx,
      {
        businessName: "Fieldwise HQ",
        email: DEMO_LOGINS[0].email,
        password: passwords.logins[0],
        firstName: "Sam",
        lastName: "Super",
        country: "US",
      },
      { role: Role.SuperAdmin },
    );
    const demo = await createCompanyWithAdmin(tx, {
      businessName: "Blue Ridge Heating & Air",
      email: DEMO_LOGINS[1].email,
      password: passwords.logins[1],
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
    await tx.insert(users).values([
      {
        companyId: demo.companyId,
        email: DEMO_LOGINS[2].email,
        passwordHash: await hashPassword(passwords.logins[2]),
        firstName: "Olivia",
        lastName: "Reyes",
        role: Role.OfficeStaff,
        color: "#8E44AD",
        mainPhoneNumber: "+17045550141",
      },
      {
        companyId: demo.companyId,
        email: DEMO_LOGINS[3].email,
        passwordHash: await hashPassword(passwords.logins[3]),
        firstName: "Marcus",
        lastName: "Lee",
        role: Role.FieldTech,
        color: "#3AC09D",
        mainPhoneNumber: "+17045550152",
      },
    ]);
    await seedPriceBook(demo.companyId, tx);
    await seedEmployees(demo.companyId, 3, tx, passwords.others);
    return demo.companyId;
  });
  await seedCustomers(companyId, 60);
  const technicians = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, Role.FieldTech), isNull(users.deletedAt)));
  const customerRows = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId));
  await seedJobs(companyId, {
    count: 400,
    years: 1,
    employeeIds: technicians.map((t) => t.id),
    customerIds: customerRows.map((c) => c.id),
    timezone: "America/New_York",
  });
  return passwords;
}
