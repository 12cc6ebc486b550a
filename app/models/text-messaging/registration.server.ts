import { and, eq, inArray, ne } from "drizzle-orm";
import { db } from "~/db.server";
import { companies, textMessagingAccounts } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { RuleError } from "~/models/rules";
import { completeDraft, findAccount, saveAccount, type AccountChanges } from "~/models/text-messaging/accounts.server";
import {
  NumberVerification,
  PENDING_STATES,
  RegistrationState,
  SUBMITTABLE_STATES,
  type RegistrationStateValue,
} from "~/models/text-messaging/registration.schema";
import { defineJob } from "~/services/queue.server";
import { twilioSettings, type TwilioSettings } from "~/services/texts.server";
import * as twilioApi from "~/services/twilio-registration.server";

const S = RegistrationState.values;

export const TWILIO_NOT_CONFIGURED =
  "Text messaging through Twilio is not configured on this server: registration and numbers are not available.";
const TWILIO_UNREACHABLE = "Twilio could not be reached. Try again in a few minutes.";
export const NUMBER_TAKEN = "This number is already used by another company";

function requireTwilio(settings: TwilioSettings | null): TwilioSettings {
  if (!settings) throw new RuleError({ _global: TWILIO_NOT_CONFIGURED });
  return settings;
}

/**
 * Moves the account from `from` to `to` with the changes, only if it is still in `from`: two
 * requests (or a request and the background poll) never both take the same step.
 */
async function moveState(companyId: number, from: number, to: RegistrationStateValue, changes: AccountChanges = {}) {
  const moved = await db
    .update(textMessagingAccounts)
    .set({ ...changes, registrationState: to, updatedAt: new Date() })
    .where(and(eq(textMessagingAccounts.companyId, companyId), eq(textMessagingAccounts.registrationState, from)))
    .returning({ companyId: textMessagingAccounts.companyId });
  return moved.length > 0;
}

/** A Twilio refusal fails the step with its reason; no answer at all leaves the state for a retry. */
async function failStep(companyId: number, from: number, failed: RegistrationStateValue, error: unknown) {
  if (!twilioApi.isTwilioRefusal(error)) throw new RuleError({ _global: TWILIO_UNREACHABLE });
  return moveState(companyId, from, failed, { failureReason: twilioApi.twilioReason(error) });
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Brand creation not started → the profile bundles (once) and the brand → brand pending (or failed). */
async function createBrandStep(account: Account, settings: TwilioSettings) {
  const draft = completeDraft(account);
  if (!draft) return moveState(account.companyId, account.registrationState, S.NewRequest);
  try {
    let { customerProfileSid } = account;
    let a2pProfileSid = account.brandSid?.startsWith("BU") ? account.brandSid : null;
    if (!customerProfileSid || !a2pProfileSid) {
      ({ customerProfileSid, a2pProfileSid } = await twilioApi.createProfileBundles(settings, draft));
      // The A2P bundle's sid waits in brand_sid until the brand replaces it.
      await saveAccount(account.companyId, { customerProfileSid, brandSid: a2pProfileSid });
    }
    const brand = await twilioApi.createBrand(settings, { customerProfileSid, a2pProfileSid });
    if (brand.status === "FAILED")
      return moveState(account.companyId, S.BrandCreationNotStarted, S.BrandFailed, {
        brandSid: brand.brandSid,
        failureReason: brand.failureReason ?? "The brand was refused",
      });
    return moveState(account.companyId, S.BrandCreationNotStarted, S.BrandPending, { brandSid: brand.brandSid });
  } catch (error) {
    if (error instanceof RuleError) throw error;
    return failStep(account.companyId, S.BrandCreationNotStarted, S.BrandFailed, error);
  }
}

async function checkBrandStep(account: Account, settings: TwilioSettings) {
  const brand = await twilioApi.fetchBrand(settings, account.brandSid!);
  if (brand.status === "APPROVED") return moveState(account.companyId, S.BrandPending, S.BrandApproved);
  if (brand.status === "FAILED")
    return moveState(account.companyId, S.BrandPending, S.BrandFailed, {
      failureReason: brand.failureReason ?? "The brand was refused",
    });
  return false;
}

/** Brand approved → the messaging service (once) and the campaign → campaign pending (or failed). */
async function createCampaignStep(account: Account, settings: TwilioSettings) {
  const draft = completeDraft(account);
  if (!draft || !account.brandSid) return false;
  try {
    let { messagingServiceSid } = account;
    if (!messagingServiceSid) {
      ({ messagingServiceSid } = await twilioApi.createMessagingService(settings, draft.businessName));
      await saveAccount(account.companyId, { messagingServiceSid });
    }
    const campaign = await twilioApi.createCampaign(
      settings,
      { messagingServiceSid, brandSid: account.brandSid },
      draft,
    );
    const failed = campaign.status === "FAILED";
    return moveState(account.companyId, S.BrandApproved, failed ? S.CampaignFailed : S.CampaignPending, {
      campaignSid: campaign.campaignSid,
      failureReason: failed ? "The campaign was refused" : null,
    });
  } catch (error) {
    if (error instanceof RuleError) throw error;
    return failStep(account.companyId, S.BrandApproved, S.CampaignFailed, error);
  }
}

async function checkCampaignStep(account: Account, settings: TwilioSettings) {
  const campaign = await twilioApi.fetchCampaign(settings, {
    messagingServiceSid: account.messagingServiceSid!,
    campaignSid: account.campaignSid!,
  });
  if (campaign.status === "VERIFIED")
    return moveState(account.companyId, S.CampaignPending, S.WaitingToPurchasePhoneNumber, { failureReason: null });
  if (campaign.status === "FAILED")
    return moveState(account.companyId, S.CampaignPending, S.CampaignFailed, {
      failureReason: campaign.failureReason ?? "The campaign was refused",
    });
  return false;
}

/** Phone number bought → fully set up once Twilio reports the number in service; texts then go out from it. */
async function checkNumberStep(account: Account, settings: TwilioSettings) {
  if (!account.phoneNumberSid) return false;
  const status = await twilioApi.fetchNumberStatus(settings, account.phoneNumberSid);
  if (status !== "in-use") return false;
  const moved = await moveState(account.companyId, S.PhoneNumberBought, S.FullySetUp, {
    numberVerification: NumberVerification.values.Enabled,
  });
  if (moved) await db.update(companies).set({ messagingReady: true }).where(eq(companies.id, account.companyId));
  return moved;
}

const steps: Partial<Record<number, (account: Account, settings: TwilioSettings) => Promise<boolean>>> = {
  [S.BrandCreationNotStarted]: createBrandStep,
  [S.BrandPending]: checkBrandStep,
  [S.BrandApproved]: createCampaignStep,
  [S.CampaignPending]: checkCampaignStep,
  [S.PhoneNumberBought]: checkNumberStep,
};

/**
 * Asks Twilio how the registration stands and takes every step it allows (brand approved → the
 * campaign is created at once). The status check of the settings page and the background poll.
 * Returns the state it ends in.
 */
export async function refreshRegistration(companyId: number, settings = twilioSettings()) {
  const twilio = requireTwilio(settings);
  for (let step = 0; step < PENDING_STATES.length; step++) {
    const account = await findAccount(companyId);
    const run = account ? steps[account.registrationState] : undefined;
    if (!account || !run) break;
    try {
      if (!(await run(account, twilio))) break;
    } catch (error) {
      if (error instanceof RuleError) throw error;
      if (twilioApi.isTwilioRefusal(error)) throw new RuleError({ _global: twilioApi.twilioReason(error) });
      throw new RuleError({ _global: TWILIO_UNREACHABLE });
    }
  }
  return ((await findAccount(companyId))?.registrationState ?? S.Unknown) as RegistrationStateValue;
}

/**
 * Submits the saved draft profile: from the start (or after a failed brand) the brand is
 * registered; after a failed campaign only the campaign is sent again.
 */
export async function submitRegistration(ctx: CallerContext, settings = twilioSettings()) {
  requireTwilio(settings);
  const account = await findAccount(ctx.companyId);
  if (!account || !completeDraft(account))
    throw new RuleError({ _global: "Complete and save your business profile before submitting it" });
  const from = account.registrationState;
  if (!SUBMITTABLE_STATES.includes(from as RegistrationStateValue))
    throw new RuleError({ _global: "The registration is already under way" });
  const next = from === S.CampaignFailed ? S.BrandApproved : S.BrandCreationNotStarted;
  // A brand that failed is registered again with fresh bundles (the profile may have changed).
  const reset: AccountChanges =
    next === S.BrandApproved
      ? { failureReason: null }
      : { failureReason: null, customerProfileSid: null, brandSid: null };
  if (!(await moveState(ctx.companyId, from, next, reset)))
    throw new RuleError({ _global: "The registration is already under way" });
  return refreshRegistration(ctx.companyId, settings);
}

/** GET text-messaging/phone-numbers: local numbers that can text, in the company's country. */
export async function listAvailableNumbers(
  ctx: CallerContext,
  areaCode: string | undefined,
  settings = twilioSettings(),
) {
  const twilio = requireTwilio(settings);
  const [company] = await db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  try {
    return await twilioApi.listAvailableNumbers(twilio, company.country === "CA" ? "CA" : "US", areaCode);
  } catch (error) {
    if (twilioApi.isTwilioRefusal(error)) throw new RuleError({ areaCode: twilioApi.twilioReason(error) });
    throw new RuleError({ _global: TWILIO_UNREACHABLE });
  }
}

/**
 * POST text-messaging/phone-numbers: buys the number once the campaign is approved, puts it in the
 * messaging service, and makes it the company's (one company per number: replies find it by it).
 */
export async function buyPhoneNumber(ctx: CallerContext, phoneNumber: string, settings = twilioSettings()) {
  const twilio = requireTwilio(settings);
  const account = await findAccount(ctx.companyId);
  if (account?.registrationState !== S.WaitingToPurchasePhoneNumber || !account.messagingServiceSid)
    throw new RuleError({ _global: "A number can be bought once the registration is approved" });
  const [holder] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.messagingPhoneNumber, phoneNumber), ne(companies.id, ctx.companyId)))
    .limit(1);
  if (holder) throw new RuleError({ phoneNumber: NUMBER_TAKEN });
  // Claimed before the purchase: a second click cannot buy a second number.
  if (!(await moveState(ctx.companyId, S.WaitingToPurchasePhoneNumber, S.PhoneNumberBought)))
    throw new RuleError({ _global: "A number is already being bought" });
  let bought: Awaited<ReturnType<typeof twilioApi.buyNumber>>;
  try {
    bought = await twilioApi.buyNumber(twilio, phoneNumber, account.messagingServiceSid);
  } catch (error) {
    await moveState(ctx.companyId, S.PhoneNumberBought, S.WaitingToPurchasePhoneNumber);
    if (twilioApi.isTwilioRefusal(error)) throw new RuleError({ phoneNumber: twilioApi.twilioReason(error) });
    throw new RuleError({ _global: TWILIO_UNREACHABLE });
  }
  await db.update(companies).set({ messagingPhoneNumber: bought.phoneNumber }).where(eq(companies.id, ctx.companyId));
  await saveAccount(ctx.companyId, {
    phoneNumberSid: bought.phoneNumberSid,
    numberVerification: NumberVerification.values.Pending,
  });
  const registrationState = await refreshRegistration(ctx.companyId, twilio).catch((error: unknown) => {
    // The number is bought: a failed first status check is retried by the poll.
    if (error instanceof RuleError) return S.PhoneNumberBought;
    throw error;
  });
  return { phoneNumber: bought.phoneNumber, registrationState };
}

/** The registrations waiting on the carriers or on a new number, each moved on as far as Twilio allows. */
export async function pollRegistrations(settings = twilioSettings()) {
  if (!settings) return;
  const waiting = await db
    .select({ companyId: textMessagingAccounts.companyId })
    .from(textMessagingAccounts)
    .where(inArray(textMessagingAccounts.registrationState, [...PENDING_STATES]));
  for (const { companyId } of waiting) {
    try {
      await refreshRegistration(companyId, settings);
    } catch (error) {
      // One company's Twilio trouble does not stop the others; the next run tries again.
      if (!(error instanceof RuleError)) throw error;
    }
  }
}

/** Every 15 minutes, so a registration moves on without anyone pressing Check Status. */
export const registrationPollJob = defineJob("poll-text-messaging-registrations", () => pollRegistrations(), {
  cron: "*/15 * * * *",
  retryLimit: 0,
});
