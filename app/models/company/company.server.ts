import { RuleError } from "~/models/rules";
import { eq, sql } from "drizzle-orm";
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
import { namedRecords } from "~/models/company/named-records.server";
import { storeImageUpload } from "~/services/images.server";
import { toFloating } from "~/models/jobs/job-recurrence";
import { orNull } from "~/utils/or-null";

export const LOGO_FOLDER = "logos";

/** A rule of the company's settings refused a write (a record in use cannot be deleted). */
export class CompanyRuleError extends RuleError {
  constructor(field: string, message: string) {
    super({ [field]: message });
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
  return Math.round((toFloating(at, timezone).getTime() - at.getTime()) / 60000);
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
        ...orNull(input, [
          "email",
          "businessPhoneNumber",
          "location",
          "industry",
          "companySize",
          "businessWebsite",
          "serviceAreaRadius",
          "businessProfile",
          "licenseNumber",
          "followUpOption",
        ]),
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

export type TaxRateRow = { id: number; name: string; rate: number };
const taxRateRecords = namedRecords({
  table: taxRates,
  what: "tax rate",
  columns: { id: taxRates.id, name: taxRates.name, rate: sql<number>`${taxRates.rateBasisPoints}::float / 100` },
  beforeDelete: (ctx, id) => refuseWhenInUse(ctx, "taxRate", id),
});
export const { list: listTaxRates, get: getTaxRate, delete: deleteTaxRate } = taxRateRecords;

/** Saves a tax rate (rate in percent, kept in basis points); id given = update, null when not the company's. */
export function saveTaxRate(
  ctx: CallerContext,
  input: { id?: number; name: string; rate: number },
): Promise<TaxRateRow | null> {
  return taxRateRecords.save(ctx, input, { rateBasisPoints: Math.round(input.rate * 100) });
}

export type DiscountRow = { id: number; name: string; type: number; value: number };
/** Percentages travel in percent, amounts in dollars; stored as basis points or cents. */
const discountRecords = namedRecords({
  table: discounts,
  what: "discount",
  columns: {
    id: discounts.id,
    name: discounts.name,
    type: discounts.type,
    value: sql<number>`${discounts.value}::float / 100`,
  },
  beforeDelete: (ctx, id) => refuseWhenInUse(ctx, "discount", id),
});
export const { list: listDiscounts, get: getDiscount, delete: deleteDiscount } = discountRecords;

export function saveDiscount(
  ctx: CallerContext,
  input: { id?: number; name: string; type: number; value: number },
): Promise<DiscountRow | null> {
  return discountRecords.save(ctx, input, { type: input.type, value: Math.round(input.value * 100) });
}

export type ExpenseCodeRow = { id: number; name: string; description: string | null };
const expenseCodeRecords = namedRecords({
  table: expenseCodes,
  what: "expense code",
  columns: { id: expenseCodes.id, name: expenseCodes.name, description: expenseCodes.description },
  beforeDelete: (ctx, id) => refuseWhenInUse(ctx, "expenseCode", id),
});
export const { list: listExpenseCodes, get: getExpenseCode, delete: deleteExpenseCode } = expenseCodeRecords;

export function saveExpenseCode(
  ctx: CallerContext,
  input: { id?: number; name: string; description?: string },
): Promise<ExpenseCodeRow | null> {
  return expenseCodeRecords.save(ctx, input, { description: input.description ?? null });
}
