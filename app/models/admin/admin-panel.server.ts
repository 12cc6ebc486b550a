import { billingPeriodLabels } from "~/models/billing/billing.schema";
import { RuleError } from "~/models/rules";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { companies, plans, subscriptions, users } from "~/db/schema";
import { forbidden, type CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/api.server";
import { AppFeature } from "~/access/features";
import { Role, type RoleValue } from "~/access/roles";
import { containsPattern } from "~/utils/search";
import { employeeOptionColumns } from "~/models/employees/employees.server";
import type { subscriptionFormSchema } from "~/models/admin/admin-panel.schema";

export {
  SubscriptionStatus,
  subscriptionFormSchema,
  subscriptionStatusLabels,
} from "~/models/admin/admin-panel.schema";

export const COMPANY_SORT_FIELDS = ["businessName", "createdAt"] as const;

export const companyFilterSchema = z.object({
  priceId: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(100).optional()),
  status: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number().int().min(0).max(3).optional(),
  ),
});
export type CompanyFilter = z.infer<typeof companyFilterSchema>;
/** GET /api/company/admin/page filters (besides paging): filter.priceId, filter.status, searchQuery. */
export const companyPageQuerySchema = z.object({
  filter: companyFilterSchema.default({}),
  searchQuery: z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional()),
});

const ALL_APP_FEATURE_BITS = Object.values(AppFeature).reduce((all, bit) => all | bit, 0);

export const featureFlagsFormSchema = z.object({
  features: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(
      z.coerce
        .number()
        .int()
        .refine((bit) => bit > 0 && (bit & (bit - 1)) === 0 && (ALL_APP_FEATURE_BITS & bit) === bit, "Unknown feature"),
    ),
  ),
});

const requireSuperAdmin = (ctx: CallerContext) => {
  if (ctx.role !== Role.SuperAdmin) forbidden();
};

/** The oldest live company admin's email: "the admin email" of the list and its search. */
// Written with qualified names: drizzle leaves table names out of select fields.
const adminEmail = sql<string | null>`(select u.email from users u
  where u.company_id = "companies"."id" and u.role = ${Role.CompanyAdmin} and u.deleted_at is null
  order by u.id limit 1)`;
const userCount = sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id" and u.deleted_at is null)`;

const companyColumns = {
  id: companies.id,
  businessName: companies.businessName,
  email: companies.email,
  adminEmail,
  planName: plans.name,
  priceId: plans.priceId,
  status: subscriptions.status,
  trialExpiration: subscriptions.trialExpiration,
  expirationDate: subscriptions.expirationDate,
  userCount,
  createdAt: companies.createdAt,
};

type CompanyRowRaw = { trialExpiration: Date | null; expirationDate: Date | null; createdAt: Date };
const iso = <T extends CompanyRowRaw>(r: T) => ({
  ...r,
  trialExpiration: r.trialExpiration?.toISOString() ?? null,
  expirationDate: r.expirationDate?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

function searchCondition(searchQuery: string | undefined): SQL | undefined {
  const q = searchQuery?.trim();
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(companies.businessName, pattern),
    ilike(companies.email, pattern),
    sql`exists (select 1 from users u where u.company_id = "companies"."id" and u.role = ${Role.CompanyAdmin} and u.email ilike ${pattern})`,
  );
}

/** GET company/admin/page: every company, searched, filtered by plan and status, paged in the database. */
export async function pageCompanies(ctx: CallerContext, paging: Paging, filter: CompanyFilter, searchQuery?: string) {
  requireSuperAdmin(ctx);
  const where = and(
    filter.priceId ? eq(plans.priceId, filter.priceId) : undefined,
    filter.status !== undefined ? eq(subscriptions.status, filter.status) : undefined,
    searchCondition(searchQuery),
  );
  const sort = paging.sortSettings[0];
  const dir = sort?.descending ? desc : asc;
  const order =
    sort?.fieldName === "businessName"
      ? [dir(companies.businessName), asc(companies.id)]
      : [sort ? dir(companies.createdAt) : desc(companies.createdAt), desc(companies.id)];
  const from = () =>
    db
      .select(companyColumns)
      .from(companies)
      .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
      .leftJoin(plans, eq(plans.id, subscriptions.planId));
  const [rows, [{ total }]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...order)
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db
      .select({ total: count() })
      .from(companies)
      .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(where),
  ]);
  return { items: rows.map(iso), total };
}

/** GET company/admin/{id}: a company with plan, subscription, flags and its users (deleted ones too, marked). */
export async function getCompanyDetails(ctx: CallerContext, id: number) {
  requireSuperAdmin(ctx);
  const [row] = await db
    .select({
      ...companyColumns,
      planId: subscriptions.planId,
      featureFlags: companies.featureFlags,
      twoWayTextEnabled: companies.twoWayTextEnabled,
      messagingReady: companies.messagingReady,
      country: companies.country,
      businessPhoneNumber: companies.businessPhoneNumber,
      messagingPhoneNumber: companies.messagingPhoneNumber,
    })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) return null;
  const people = await db
    .select({ ...employeeOptionColumns, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.companyId, id))
    .orderBy(sql`${users.deletedAt} is not null`, asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
  return {
    ...iso(row),
    users: people.map((u) => ({ ...u, role: u.role as RoleValue, deletedAt: u.deletedAt?.toISOString() ?? null })),
  };
}

export type CompanyListRow = Awaited<ReturnType<typeof pageCompanies>>["items"][number];
export type CompanyDetails = NonNullable<Awaited<ReturnType<typeof getCompanyDetails>>>;

/** Every plan, cheapest first, named with its billing period (monthly and yearly plans share names). */
export async function listPlans() {
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      priceId: plans.priceId,
      employeeLimit: plans.employeeLimit,
      billingPeriod: plans.billingPeriod,
    })
    .from(plans)
    .orderBy(asc(plans.monthlyPriceCents), asc(plans.billingPeriod), asc(plans.id));
  return rows.map((p) => ({ ...p, label: `${p.name}, ${billingPeriodLabels[p.billingPeriod] ?? "Monthly"}` }));
}

const endOfDay = (date: string | null) => (date ? new Date(`${date}T23:59:59.999Z`) : null);

/** Moves a company to a plan and subscription state; false when the company does not exist. */
export async function updateSubscription(
  ctx: CallerContext,
  companyId: number,
  input: z.infer<typeof subscriptionFormSchema>,
): Promise<boolean> {
  requireSuperAdmin(ctx);
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId)).limit(1);
    if (!company) return false;
    if (!plan) throw new RuleError({ planId: "Plan is required" });
    const values = {
      planId: plan.id,
      status: input.status,
      trialExpiration: endOfDay(input.trialExpiration),
      expirationDate: endOfDay(input.expirationDate),
    };
    await tx
      .insert(subscriptions)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: subscriptions.companyId, set: values });
    return true;
  });
}

export async function updateFeatureFlags(ctx: CallerContext, companyId: number, bits: number[]): Promise<boolean> {
  requireSuperAdmin(ctx);
  const featureFlags = bits.reduce((all, bit) => all | bit, 0);
  const updated = await db
    .update(companies)
    .set({ featureFlags })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/** The company's two-way text switch (the feature-enabled setting next to the application flag). */
export async function setTwoWayTextEnabled(ctx: CallerContext, companyId: number, enabled: boolean): Promise<boolean> {
  requireSuperAdmin(ctx);
  const updated = await db
    .update(companies)
    .set({ twoWayTextEnabled: enabled })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return updated.length > 0;
}

/**
 * The company's text messaging, as the super admin sets it up: its Twilio number (E.164, one company
 * per number: replies and STOP come back to it) and whether messaging is ready (until then texts are
 * kept unsent and the shell shows the banner). False when the company does not exist.
 */
export async function setCompanyMessaging(
  ctx: CallerContext,
  companyId: number,
  input: { messagingPhoneNumber: string | null; messagingReady: boolean },
): Promise<boolean> {
  requireSuperAdmin(ctx);
  const number = input.messagingPhoneNumber;
  if (number) {
    const [holder] = await db
      .select({ businessName: companies.businessName })
      .from(companies)
      .where(and(eq(companies.messagingPhoneNumber, number), sql`${companies.id} <> ${companyId}`))
      .limit(1);
    if (holder) throw new RuleError({ messagingPhoneNumber: `This number is already used by ${holder.businessName}` });
  }
  try {
    const updated = await db
      .update(companies)
      .set({ messagingPhoneNumber: number, messagingReady: input.messagingReady })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id });
    return updated.length > 0;
  } catch (error) {
    // Two saves of one number at once: the unique index decides, with the same message.
    if (isUniqueViolation(error))
      throw new RuleError({ messagingPhoneNumber: "This number is already used by another company" });
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}
