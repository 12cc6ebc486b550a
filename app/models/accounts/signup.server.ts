import { sql } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { companies, leadSources, subscriptions, users } from "~/db/schema";
import { DEFAULT_APP_FEATURES } from "~/access/features";
import { hashPassword } from "~/models/accounts/passwords.server";
import { planIdByPriceId, TRIAL_DAYS, TRIAL_PLAN_PRICE_ID } from "~/models/admin/plans.server";
import { Role, type RoleValue } from "~/access/roles";

export const PRESET_LEAD_SOURCES = [
  "Angieslist",
  "Craigslist",
  "Facebook",
  "Google",
  "Linkedin",
  "Referral",
  "Yelp",
  "Other",
] as const;

export type NewCompany = {
  businessName: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  businessPhoneNumber?: string | null;
  businessWebsite?: string | null;
  industry?: number | null;
  companySize?: number | null;
  mainInterests?: string | null;
  location?: string | null;
  country: "US" | "CA";
  isDemoRequested?: boolean;
  timezone?: string;
};

/**
 * Creates a company, its first user and a 14-day trial in one transaction. Call inside
 * executor.transaction. The first user's role is an explicit argument, never read from the
 * input: only the platform's own seed makes a super admin.
 */
export async function createCompanyWithAdmin(
  tx: Executor,
  input: NewCompany,
  { role = Role.CompanyAdmin, now = new Date() }: { role?: RoleValue; now?: Date } = {},
) {
  const [company] = await tx
    .insert(companies)
    .values({
      businessName: input.businessName,
      email: input.email,
      businessPhoneNumber: input.businessPhoneNumber ?? null,
      businessWebsite: input.businessWebsite ?? null,
      industry: input.industry ?? null,
      companySize: input.companySize ?? null,
      mainInterests: input.mainInterests ?? null,
      location: input.location ?? null,
      country: input.country,
      timezone: input.timezone ?? (input.country === "CA" ? "America/Toronto" : "America/New_York"),
      isDemoRequested: input.isDemoRequested ?? false,
      featureFlags: DEFAULT_APP_FEATURES,
    })
    .returning({ id: companies.id });
  const [user] = await tx
    .insert(users)
    .values({
      companyId: company.id,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      mainPhoneNumber: input.phoneNumber ?? null,
      role,
      color: "#2E3758",
    })
    .returning({ id: users.id });
  await tx.insert(subscriptions).values({
    companyId: company.id,
    planId: await planIdByPriceId(tx, TRIAL_PLAN_PRICE_ID),
    status: 0,
    trialExpiration: new Date(now.getTime() + TRIAL_DAYS * 86400_000),
  });
  await tx.insert(leadSources).values(PRESET_LEAD_SOURCES.map((name) => ({ companyId: company.id, name })));
  return { companyId: company.id, userId: user.id };
}

export async function emailExists(executor: Executor, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return !!row;
}
