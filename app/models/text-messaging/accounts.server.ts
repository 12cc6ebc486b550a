import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, textMessagingAccounts } from "~/db/schema";
import { forbidden, type CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import {
  RegistrationState,
  draftProfileSchema,
  type DraftProfile,
  type NumberVerificationValue,
  type RegistrationStateValue,
} from "~/models/text-messaging/registration.schema";

type Account = typeof textMessagingAccounts.$inferSelect;
export type AccountChanges = Partial<Omit<Account, "companyId" | "updatedAt">>;

/** A company's messaging account; a company that never registered has none (state unknown). */
export async function findAccount(companyId: number): Promise<Account | null> {
  const [row] = await db.select().from(textMessagingAccounts).where(eq(textMessagingAccounts.companyId, companyId));
  return row ?? null;
}

/** Writes the account's changes, creating the row on the company's first step. */
export async function saveAccount(companyId: number, changes: AccountChanges) {
  const set = { ...changes, updatedAt: new Date() };
  await db
    .insert(textMessagingAccounts)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: textMessagingAccounts.companyId, set });
}

/** A stored draft as the form shows it (a draft saved by an older form may miss fields). */
function storedDraft(value: Account["draftProfile"] | undefined): Partial<Record<keyof DraftProfile, string>> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string")) as Record<string, string>;
}

/** The saved draft when it is complete, else null (submission refuses it). */
export const completeDraft = (account: Account | null): DraftProfile | null => {
  const parsed = draftProfileSchema.safeParse(account?.draftProfile ?? {});
  return parsed.success ? parsed.data : null;
};

/** What /two-way-text-settings and its register page show of the caller's company. */
export async function getTwoWayTextSettings(ctx: CallerContext) {
  const [company] = await db
    .select({
      businessName: companies.businessName,
      country: companies.country,
      twoWayTextEnabled: companies.twoWayTextEnabled,
      messagingPhoneNumber: companies.messagingPhoneNumber,
      messagingReady: companies.messagingReady,
    })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const account = await findAccount(ctx.companyId);
  return {
    ...company,
    country: company.country === "CA" ? ("CA" as const) : ("US" as const),
    registrationState: (account?.registrationState ?? RegistrationState.values.Unknown) as RegistrationStateValue,
    numberVerification: (account?.numberVerification ?? 0) as NumberVerificationValue,
    failureReason: account?.failureReason ?? null,
    smsSegmentsBalance: account?.smsSegmentsBalance ?? 0,
    draftProfile: storedDraft(account?.draftProfile),
  };
}
export type TwoWayTextSettings = Awaited<ReturnType<typeof getTwoWayTextSettings>>;

/**
 * Saves the company's A2P draft profile (POST text-messaging/a2p-draft-profile and the register
 * form). A company that had not started is now a new request; a later state keeps its place (the
 * draft is what a resubmission after a failure sends).
 */
export async function saveDraftProfile(ctx: CallerContext, profile: DraftProfile) {
  const account = await findAccount(ctx.companyId);
  const state = account?.registrationState ?? RegistrationState.values.Unknown;
  await saveAccount(ctx.companyId, {
    draftProfile: profile,
    registrationState: state === RegistrationState.values.Unknown ? RegistrationState.values.NewRequest : state,
  });
  return profile;
}

/** The company's own feature-enabled setting (the inbox and its icon need it with the application feature). */
export async function setTwoWayTextEnabled(ctx: CallerContext, enabled: boolean) {
  await db.update(companies).set({ twoWayTextEnabled: enabled }).where(eq(companies.id, ctx.companyId));
}

const requireSuperAdmin = (ctx: CallerContext) => (ctx.role === Role.SuperAdmin ? undefined : forbidden());

/** The admin panel's view of a company's messaging account. */
export async function getMessagingAccountForAdmin(ctx: CallerContext, companyId: number) {
  requireSuperAdmin(ctx);
  const account = await findAccount(companyId);
  return {
    registrationState: (account?.registrationState ?? 0) as RegistrationStateValue,
    numberVerification: (account?.numberVerification ?? 0) as NumberVerificationValue,
    smsSegmentsBalance: account?.smsSegmentsBalance ?? 0,
    segmentLimitReached: account?.segmentLimitReached ?? false,
    failureReason: account?.failureReason ?? null,
    customerProfileSid: account?.customerProfileSid ?? null,
    brandSid: account?.brandSid ?? null,
    messagingServiceSid: account?.messagingServiceSid ?? null,
    campaignSid: account?.campaignSid ?? null,
    phoneNumberSid: account?.phoneNumberSid ?? null,
    hasDraftProfile: !!account?.draftProfile,
  };
}

/**
 * The super admin's corrections of a company's account (support work: a state Twilio changed by
 * hand, a balance top-up). A grown balance clears the segment limit flag.
 */
export async function updateMessagingAccountByAdmin(
  ctx: CallerContext,
  companyId: number,
  input: {
    registrationState: RegistrationStateValue;
    numberVerification: NumberVerificationValue;
    smsSegmentsBalance: number;
  },
): Promise<boolean> {
  requireSuperAdmin(ctx);
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return false;
  await saveAccount(companyId, {
    ...input,
    ...(input.smsSegmentsBalance > 0 ? { segmentLimitReached: false } : {}),
  });
  return true;
}
