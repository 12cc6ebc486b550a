import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, companySettings, discounts, expenseCodes, taxRates } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import {
  currencyFor,
  defaultWorkingSchedule,
  type CompanyProfileInput,
  type WorkingDay,
} from "~/models/company/company.schema";
import { deleteFile } from "~/services/storage.server";
import { logoRules } from "~/models/files/file-rules";
import { storeImageUpload } from "~/services/images.server";

export const LOGO_FOLDER = "logos";

/** A rule of the company's settings failed (duplicate name, record in use): shown on a field. */
export class CompanyRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

// ---- Profile ---------------------------------------------------------------------------------

const profileColumns = {
  id: companies.id,
  businessName: companies.businessName,
  email: companies.email,
  businessPhoneNumber: companies.businessPhoneNumber,
  location: companies.location,
  geoData: companies.geoData,
  industry: companies.industry,
  companySize: companies.companySize,
  businessWebsite: companies.businessWebsite,
  serviceAreaRadius: companies.serviceAreaRadius,
  businessProfile: companies.businessProfile,
  licenseNumber: companies.licenseNumber,
  logoUrl: companies.logoUrl,
  followUpOption: companies.followUpOption,
  workingSchedule: companies.workingSchedule,
  country: companies.country,
  timezone: companies.timezone,
};

/** The company profile with what follows from it: currency, phone region and the zone's current UTC offset. */
export async function getCompanyProfile(ctx: CallerContext) {
  const [row] = await db.select(profileColumns).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  const country = row.country === "CA" ? "CA" : "US";
  return {
    ...row,
    country,
    currency: currencyFor(country),
    phoneRegion: country,
    workingSchedule: (row.workingSchedule as WorkingDay[] | null) ?? defaultWorkingSchedule(),
    timezoneOffset: timezoneOffsetMinutes(row.timezone),
  };
}
export type CompanyProfile = Awaited<ReturnType<typeof getCompanyProfile>>;

/** Minutes east of UTC for an IANA zone right now (e.g. -300 for New York in winter). */
export function timezoneOffsetMinutes(timezone: string, at = new Date()): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/**
 * Saves the profile; a new logo (already checked by the caller's form) replaces the old one,
 * whose file is deleted once the row no longer points at it.
 */
export async function updateCompanyProfile(ctx: CallerContext, input: CompanyProfileInput, logo?: File | null) {
  const stored = logo
    ? await storeImageUpload({ companyId: ctx.companyId, folder: LOGO_FOLDER, file: logo, rules: logoRules })
    : null;
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .for("update");
    await tx
      .update(companies)
      .set({
        businessName: input.businessName,
        email: input.email ?? null,
        businessPhoneNumber: input.businessPhoneNumber ?? null,
        location: input.location ?? null,
        industry: input.industry ?? null,
        companySize: input.companySize ?? null,
        businessWebsite: input.businessWebsite ?? null,
        serviceAreaRadius: input.serviceAreaRadius ?? null,
        businessProfile: input.businessProfile ?? null,
        licenseNumber: input.licenseNumber ?? null,
        followUpOption: input.followUpOption ?? null,
        country: input.country,
        timezone: input.timezone,
        ...(input.workingSchedule ? { workingSchedule: input.workingSchedule } : {}),
        ...(stored ? { logoUrl: stored.url } : {}),
      })
      .where(eq(companies.id, ctx.companyId));
    return current;
  });
  if (stored && previous?.logoUrl) await deleteFile(previous.logoUrl);
  return getCompanyProfile(ctx);
}

/** Replaces the logo: checked by content (JPEG or PNG, at most 5 MB, at least 256x256), stored as PNG. */
export async function setCompanyLogo(ctx: CallerContext, file: File): Promise<string> {
  const stored = await storeImageUpload({ companyId: ctx.companyId, folder: LOGO_FOLDER, file, rules: logoRules });
  const [previous] = await db
    .select({ logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  await db.update(companies).set({ logoUrl: stored.url }).where(eq(companies.id, ctx.companyId));
  await deleteFile(previous?.logoUrl);
  return stored.url;
}

export async function removeCompanyLogo(ctx: CallerContext): Promise<void> {
  const [previous] = await db
    .select({ logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  await db.update(companies).set({ logoUrl: null }).where(eq(companies.id, ctx.companyId));
  await deleteFile(previous?.logoUrl);
}

const EARTH_RADIUS_MILES = 3958.8;

/**
 * Whether a point lies within the company's service area (radius in miles around its location).
 * Without a located address or a radius, everywhere is in the area. null for an unknown company.
 */
export async function checkServiceArea(
  companyId: number,
  latitude: number,
  longitude: number,
): Promise<boolean | null> {
  const [row] = await db
    .select({ geoData: companies.geoData, radius: companies.serviceAreaRadius })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  if (!row.geoData || !row.radius) return true;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(latitude - row.geoData.latitude);
  const dLng = rad(longitude - row.geoData.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(row.geoData.latitude)) * Math.cos(rad(latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(a)) <= row.radius;
}

// ---- Settings: messages on invoice and estimate -----------------------------------------------

export async function getCompanySettings(ctx: CallerContext) {
  const [row] = await db
    .select({
      messageOnInvoice: companySettings.messageOnInvoice,
      messageOnEstimate: companySettings.messageOnEstimate,
      messagingReady: companies.messagingReady,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, ctx.companyId));
  return {
    messageOnInvoice: row?.messageOnInvoice ?? null,
    messageOnEstimate: row?.messageOnEstimate ?? null,
    twilioCredentials: { isFullySetUp: row?.messagingReady ?? false },
  };
}

export async function updateInvoiceAndEstimateMessages(
  ctx: CallerContext,
  input: { messageOnInvoice?: string; messageOnEstimate?: string },
) {
  const values = {
    messageOnInvoice: input.messageOnInvoice ?? null,
    messageOnEstimate: input.messageOnEstimate ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(companySettings)
    .values({ companyId: ctx.companyId, ...values })
    .onConflictDoUpdate({ target: companySettings.companyId, set: values });
}

// ---- Records in use: the seam other areas plug into ---------------------------------------------

export type UsageKind = "taxRate" | "discount" | "expenseCode";
type UsageCheck = (ctx: CallerContext, id: number) => Promise<string | null>;
const usageChecks: Record<UsageKind, UsageCheck[]> = { taxRate: [], discount: [], expenseCode: [] };

/**
 * Areas whose records point at a tax rate, discount or expense code register a check here; it
 * answers the refusal message when the record is in use (e.g. expenses registered under a code).
 */
export function registerUsageCheck(kind: UsageKind, check: UsageCheck) {
  usageChecks[kind].push(check);
}

async function refuseWhenInUse(ctx: CallerContext, kind: UsageKind, id: number) {
  for (const check of usageChecks[kind]) {
    const reason = await check(ctx, id);
    if (reason) throw new CompanyRuleError("_global", reason);
  }
}

// ---- Tax rates, discounts, expense codes ------------------------------------------------------

const taken = (what: string, name: string) => new CompanyRuleError("name", `A ${what} named '${name}' already exists`);

export type TaxRateRow = { id: number; name: string; rate: number };
const taxRateColumns = {
  id: taxRates.id,
  name: taxRates.name,
  rate: sql<number>`${taxRates.rateBasisPoints}::float / 100`,
};

export function listTaxRates(ctx: CallerContext): Promise<TaxRateRow[]> {
  return db
    .select(taxRateColumns)
    .from(taxRates)
    .where(eq(taxRates.companyId, ctx.companyId))
    .orderBy(asc(sql`lower(${taxRates.name})`));
}

export async function getTaxRate(ctx: CallerContext, id: number): Promise<TaxRateRow | null> {
  const [row] = await db
    .select(taxRateColumns)
    .from(taxRates)
    .where(and(eq(taxRates.id, id), eq(taxRates.companyId, ctx.companyId)));
  return row ?? null;
}

async function taxRateNameTaken(ctx: CallerContext, name: string, exceptId = 0) {
  const [row] = await db
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(
      and(
        eq(taxRates.companyId, ctx.companyId),
        sql`lower(${taxRates.name}) = lower(${name})`,
        sql`${taxRates.id} <> ${exceptId}`,
      ),
    );
  return !!row;
}

/** Saves a tax rate (rate in percent, kept in basis points); id given = update, null when not the company's. */
export async function saveTaxRate(
  ctx: CallerContext,
  input: { id?: number; name: string; rate: number },
): Promise<TaxRateRow | null> {
  if (await taxRateNameTaken(ctx, input.name, input.id)) throw taken("tax rate", input.name);
  const values = { name: input.name, rateBasisPoints: Math.round(input.rate * 100) };
  const [row] = input.id
    ? await db
        .update(taxRates)
        .set(values)
        .where(and(eq(taxRates.id, input.id), eq(taxRates.companyId, ctx.companyId)))
        .returning({ id: taxRates.id })
    : await db
        .insert(taxRates)
        .values({ companyId: ctx.companyId, ...values })
        .returning({ id: taxRates.id });
  return row ? getTaxRate(ctx, row.id) : null;
}

export async function deleteTaxRate(ctx: CallerContext, id: number): Promise<boolean> {
  if (!(await getTaxRate(ctx, id))) return false;
  await refuseWhenInUse(ctx, "taxRate", id);
  await db.delete(taxRates).where(and(eq(taxRates.id, id), eq(taxRates.companyId, ctx.companyId)));
  return true;
}

export type DiscountRow = { id: number; name: string; type: number; value: number };
/** Percentages travel in percent, amounts in dollars; stored as basis points or cents. */
const discountColumns = {
  id: discounts.id,
  name: discounts.name,
  type: discounts.type,
  value: sql<number>`${discounts.value}::float / 100`,
};

export function listDiscounts(ctx: CallerContext): Promise<DiscountRow[]> {
  return db
    .select(discountColumns)
    .from(discounts)
    .where(eq(discounts.companyId, ctx.companyId))
    .orderBy(asc(sql`lower(${discounts.name})`));
}

export async function getDiscount(ctx: CallerContext, id: number): Promise<DiscountRow | null> {
  const [row] = await db
    .select(discountColumns)
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.companyId, ctx.companyId)));
  return row ?? null;
}

export async function saveDiscount(
  ctx: CallerContext,
  input: { id?: number; name: string; type: number; value: number },
): Promise<DiscountRow | null> {
  const [dup] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(
        eq(discounts.companyId, ctx.companyId),
        sql`lower(${discounts.name}) = lower(${input.name})`,
        sql`${discounts.id} <> ${input.id ?? 0}`,
      ),
    );
  if (dup) throw taken("discount", input.name);
  const values = { name: input.name, type: input.type, value: Math.round(input.value * 100) };
  const [row] = input.id
    ? await db
        .update(discounts)
        .set(values)
        .where(and(eq(discounts.id, input.id), eq(discounts.companyId, ctx.companyId)))
        .returning({ id: discounts.id })
    : await db
        .insert(discounts)
        .values({ companyId: ctx.companyId, ...values })
        .returning({ id: discounts.id });
  return row ? getDiscount(ctx, row.id) : null;
}

export async function deleteDiscount(ctx: CallerContext, id: number): Promise<boolean> {
  if (!(await getDiscount(ctx, id))) return false;
  await refuseWhenInUse(ctx, "discount", id);
  await db.delete(discounts).where(and(eq(discounts.id, id), eq(discounts.companyId, ctx.companyId)));
  return true;
}

export type ExpenseCodeRow = { id: number; name: string; description: string | null };
const expenseCodeColumns = { id: expenseCodes.id, name: expenseCodes.name, description: expenseCodes.description };

export function listExpenseCodes(ctx: CallerContext): Promise<ExpenseCodeRow[]> {
  return db
    .select(expenseCodeColumns)
    .from(expenseCodes)
    .where(eq(expenseCodes.companyId, ctx.companyId))
    .orderBy(asc(sql`lower(${expenseCodes.name})`));
}

export async function getExpenseCode(ctx: CallerContext, id: number): Promise<ExpenseCodeRow | null> {
  const [row] = await db
    .select(expenseCodeColumns)
    .from(expenseCodes)
    .where(and(eq(expenseCodes.id, id), eq(expenseCodes.companyId, ctx.companyId)));
  return row ?? null;
}

export async function saveExpenseCode(
  ctx: CallerContext,
  input: { id?: number; name: string; description?: string },
): Promise<ExpenseCodeRow | null> {
  const [dup] = await db
    .select({ id: expenseCodes.id })
    .from(expenseCodes)
    .where(
      and(
        eq(expenseCodes.companyId, ctx.companyId),
        sql`lower(${expenseCodes.name}) = lower(${input.name})`,
        sql`${expenseCodes.id} <> ${input.id ?? 0}`,
      ),
    );
  if (dup) throw taken("expense code", input.name);
  const values = { name: input.name, description: input.description ?? null };
  const [row] = input.id
    ? await db
        .update(expenseCodes)
        .set(values)
        .where(and(eq(expenseCodes.id, input.id), eq(expenseCodes.companyId, ctx.companyId)))
        .returning(expenseCodeColumns)
    : await db
        .insert(expenseCodes)
        .values({ companyId: ctx.companyId, ...values })
        .returning(expenseCodeColumns);
  return row ?? null;
}

export async function deleteExpenseCode(ctx: CallerContext, id: number): Promise<boolean> {
  if (!(await getExpenseCode(ctx, id))) return false;
  await refuseWhenInUse(ctx, "expenseCode", id);
  await db.delete(expenseCodes).where(and(eq(expenseCodes.id, id), eq(expenseCodes.companyId, ctx.companyId)));
  return true;
}

/** Runs an API write; a company rule answers 400 on its field (or as {message} when it is not a field's). */
export async function withCompanyRuleErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CompanyRuleError)) throw error;
    const body = error.field === "_global" ? { message: error.message } : { errors: { [error.field]: error.message } };
    return Response.json(body, { status: 400 });
  }
}
