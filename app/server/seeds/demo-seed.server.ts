import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { env, PUBLISHED_DEMO_PASSWORD, type Env } from "~/server/env.server";
import { companies, customers, users } from "~/db/schema";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { seedEmployees } from "~/server/seeds/employees-seed.server";
import { seedJobs } from "~/server/seeds/jobs-seed.server";
import { seedEstimates } from "~/server/seeds/estimates-seed.server";
import { seedInvoices } from "~/server/seeds/invoices-seed.server";
import { seedOfferedPlans } from "~/server/seeds/service-plans-seed.server";
import { seedCampaigns } from "~/server/seeds/campaigns-seed.server";
import { seedFormsTemplatesExpenses } from "~/server/seeds/forms-seed.server";
import { hashPassword, randomToken } from "~/models/accounts/passwords.server";
import { seedPriceBook } from "~/server/seeds/price-book-seed.server";
import { seedBookingForm } from "~/server/seeds/booking-seed.server";
import { Role, type RoleValue } from "~/access/roles";
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

/** The demo company's office staff and field tech (login: their index in DEMO_LOGINS); its admin comes with the company. */
type DemoStaff = [login: 2 | 3, firstName: string, lastName: string, role: RoleValue, color: string, phone: string];
const DEMO_STAFF: DemoStaff[] = [
  [2, "Olivia", "Reyes", Role.OfficeStaff, "#8E44AD", "+17045550141"],
  [3, "Marcus", "Lee", Role.FieldTech, "#3AC09D", "+17045550152"],
];

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
 * technicians, 60 customers, a year of jobs around today and four months of invoices) into an empty database only.
 * Answers the passwords it gave, or null when the database was not empty.
 */
export async function seedDemoCompany(passwords: DemoPasswords = demoPasswords()): Promise<DemoPasswords | null> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return null;
  /** The email and password of DEMO_LOGINS[login]. */
  const credentials = (login: number) => ({ email: DEMO_LOGINS[login].email, password: passwords.logins[login] });
  const companyId = await db.transaction(async (tx) => {
    // The platform's own company: its admin is the super admin.
    const platform = { businessName: "Fieldwise HQ", ...credentials(0), firstName: "Sam", lastName: "Super" };
    await createCompanyWithAdmin(tx, { ...platform, country: "US" }, { role: Role.SuperAdmin });
    const demo = await createCompanyWithAdmin(tx, {
      businessName: "Blue Ridge Heating & Air",
      ...credentials(1),
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
    const staff = DEMO_STAFF.map(async ([login, firstName, lastName, role, color, mainPhoneNumber]) => ({
      companyId: demo.companyId,
      email: credentials(login).email,
      passwordHash: await hashPassword(credentials(login).password),
      firstName,
      lastName,
      role,
      color,
      mainPhoneNumber,
    }));
    await tx.insert(users).values(await Promise.all(staff));
    await seedPriceBook(demo.companyId, tx);
    await seedBookingForm(demo.companyId, tx);
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
    monthsBack: 6,
    employeeIds: technicians.map((t) => t.id),
    customerIds: customerRows.map((c) => c.id),
    timezone: "America/New_York",
  });
  const [demoAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS[1].email));
  const [demoTech] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS[3].email));
  await seedEstimates(
    { companyId, userId: demoAdmin.id, role: Role.CompanyAdmin },
    { customerIds: customerRows.map((c) => c.id), techId: demoTech?.id ?? null },
  );
  await seedInvoices({ companyId, userId: demoAdmin.id, role: Role.CompanyAdmin }, { months: 4 });
  await seedOfferedPlans({ companyId, userId: demoAdmin.id, role: Role.CompanyAdmin });
  await seedCampaigns({ companyId, userId: demoAdmin.id, role: Role.CompanyAdmin });
  await seedFormsTemplatesExpenses({ companyId, userId: demoAdmin.id, role: Role.CompanyAdmin });
  return passwords;
}
