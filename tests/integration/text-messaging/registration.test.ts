import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, textMessagingAccounts } from "~/db/schema";
import { saveDraftProfile } from "~/models/text-messaging/accounts.server";
import {
  buyPhoneNumber,
  listAvailableNumbers,
  pollRegistrations,
  NUMBER_TAKEN,
  refreshRegistration,
  submitRegistration,
  TWILIO_NOT_CONFIGURED,
} from "~/models/text-messaging/registration.server";
import { draftProfileSchema, RegistrationState } from "~/models/text-messaging/registration.schema";
import { RuleError } from "~/models/rules";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany } from "../../helpers/factories";
import { TEST_TWILIO, useTwilioServer } from "../../helpers/twilio-server";
import { PROFILE } from "./registration-world";

useTestDatabase();
const twilioApi = useTwilioServer();
const settings = () => ({ ...TEST_TWILIO, apiBaseUrl: twilioApi.url });
const S = RegistrationState.values;

const asCaller = (companyId: number, userId: number): CallerContext => ({ companyId, userId, role: Role.CompanyAdmin });
const account = async (companyId: number) =>
  (await db.select().from(textMessagingAccounts).where(eq(textMessagingAccounts.companyId, companyId)))[0];
const company = async (companyId: number) => (await db.select().from(companies).where(eq(companies.id, companyId)))[0];

async function ruleErrorOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RuleError);
  return (error as RuleError).fieldErrors;
}

async function registered() {
  const { companyId, userId } = await createTestCompany();
  const ctx = asCaller(companyId, userId);
  await saveDraftProfile(ctx, draftProfileSchema.parse(PROFILE));
  return ctx;
}

/** A company through brand and campaign approval, waiting to buy its number. */
async function approved() {
  const ctx = await registered();
  await submitRegistration(ctx, settings());
  twilioApi.registration.setBrand((await account(ctx.companyId)).brandSid!, "APPROVED");
  await refreshRegistration(ctx.companyId, settings());
  twilioApi.registration.setCampaign((await account(ctx.companyId)).campaignSid!, "VERIFIED");
  expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.WaitingToPurchasePhoneNumber);
  return ctx;
}

describe("the carrier registration against Twilio's API", () => {
  let ctx: CallerContext;
  beforeAll(async () => {
    ctx = await registered();
  });

  it("saving the draft makes a new request", async () => {
    expect((await account(ctx.companyId)).registrationState).toBe(S.NewRequest);
    expect((await account(ctx.companyId)).draftProfile).toMatchObject({ registrationNumber: "123456789" });
  });

  it("submitting creates the customer profile, the A2P profile and the brand: brand pending", async () => {
    expect(await submitRegistration(ctx, settings())).toBe(S.BrandPending);
    const row = await account(ctx.companyId);
    const profile = twilioApi.registration.customerProfiles.get(row.customerProfileSid!)!;
    expect(profile).toMatchObject({ status: "pending-review", friendly_name: PROFILE.businessName });
    const [endUser] = [...twilioApi.registration.endUsers.values()].filter((u) =>
      (profile.assigned as string[]).includes(u.sid),
    );
    expect(endUser.attributes).toMatchObject({
      business_registration_number: "123456789",
      website_url: "https://blueridgelawn.example.com",
    });
    const brand = twilioApi.registration.brands.get(row.brandSid!)!;
    expect(brand.customer_profile_bundle_sid).toBe(row.customerProfileSid);
    expect(twilioApi.registration.trustProducts.get(brand.a2p_profile_bundle_sid as string)?.status).toBe(
      "pending-review",
    );
    expect(twilioApi.requests.every((r) => r.authorized)).toBe(true);
  });

  it("a second submission is refused while the brand is pending", async () => {
    expect(await ruleErrorOf(submitRegistration(ctx, settings()))).toEqual({
      _global: "The registration is already under way",
    });
  });

  it("a pending brand stays pending", async () => {
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.BrandPending);
  });

  it("an approved brand gets a messaging service and a campaign: campaign pending", async () => {
    twilioApi.registration.setBrand((await account(ctx.companyId)).brandSid!, "APPROVED");
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.CampaignPending);
    const row = await account(ctx.companyId);
    const service = twilioApi.registration.services.get(row.messagingServiceSid!)!;
    expect(service.inbound_request_url).toMatch(/\/api\/webhooks\/twilio\/incoming$/);
    const campaign = twilioApi.registration.campaigns.get(row.campaignSid!)!;
    expect(campaign).toMatchObject({
      brand_registration_sid: row.brandSid,
      messaging_service_sid: row.messagingServiceSid,
      message_samples: [PROFILE.sampleMessage1, PROFILE.sampleMessage2],
    });
  });

  it("a verified campaign waits for the number", async () => {
    twilioApi.registration.setCampaign((await account(ctx.companyId)).campaignSid!, "VERIFIED");
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.WaitingToPurchasePhoneNumber);
  });

  it("lists local numbers by area code and buys one: bought, then fully set up once in service", async () => {
    const numbers = await listAvailableNumbers(ctx, "212", settings());
    expect(numbers.map((n) => n.phoneNumber)).toContain("+12125550100");
    twilioApi.registration.newNumberStatus = "pending";
    const bought = await buyPhoneNumber(ctx, "+12125550100", settings());
    expect(bought).toEqual({ phoneNumber: "+12125550100", registrationState: S.PhoneNumberBought });
    const row = await account(ctx.companyId);
    expect(row.numberVerification).toBe(1);
    expect(twilioApi.registration.services.get(row.messagingServiceSid!)!.phone_number_sids).toEqual([
      row.phoneNumberSid,
    ]);
    expect(await company(ctx.companyId)).toMatchObject({ messagingPhoneNumber: "+12125550100", messagingReady: false });
    twilioApi.registration.setNumberStatus(row.phoneNumberSid!, "in-use");
    twilioApi.registration.newNumberStatus = "in-use";
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.FullySetUp);
    expect((await account(ctx.companyId)).numberVerification).toBe(2);
    expect((await company(ctx.companyId)).messagingReady).toBe(true);
    expect((await listAvailableNumbers(ctx, "212", settings())).map((n) => n.phoneNumber)).not.toContain(
      "+12125550100",
    );
  });

  it("a second number cannot be bought once one is", async () => {
    expect(await ruleErrorOf(buyPhoneNumber(ctx, "+12125550101", settings()))).toEqual({
      _global: "A number can be bought once the registration is approved",
    });
  });
});

describe("failures", () => {
  it("a refused brand is brand failed with Twilio's reason, and a resubmission starts over", async () => {
    const ctx = await registered();
    await submitRegistration(ctx, settings());
    twilioApi.registration.setBrand(
      (await account(ctx.companyId)).brandSid!,
      "FAILED",
      "TAX_ID does not match the business name",
    );
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.BrandFailed);
    expect((await account(ctx.companyId)).failureReason).toBe("TAX_ID does not match the business name");
    const firstBrand = (await account(ctx.companyId)).brandSid;
    expect(await submitRegistration(ctx, settings())).toBe(S.BrandPending);
    expect((await account(ctx.companyId)).brandSid).not.toBe(firstBrand);
    expect((await account(ctx.companyId)).failureReason).toBeNull();
  });

  it("Twilio refusing the brand registration call is brand failed with its message", async () => {
    const ctx = await registered();
    twilioApi.registration.failNextAt("/a2p/BrandRegistrations", {
      status: 400,
      code: 21614,
      message: "Customer profile is not approved",
    });
    expect(await submitRegistration(ctx, settings())).toBe(S.BrandFailed);
    expect((await account(ctx.companyId)).failureReason).toBe("Customer profile is not approved (Twilio error 21614)");
  });

  it("a refused campaign is campaign failed with the carriers' reasons; a resubmission sends only the campaign", async () => {
    const ctx = await registered();
    await submitRegistration(ctx, settings());
    const brandSid = (await account(ctx.companyId)).brandSid!;
    twilioApi.registration.setBrand(brandSid, "APPROVED");
    await refreshRegistration(ctx.companyId, settings());
    twilioApi.registration.setCampaign((await account(ctx.companyId)).campaignSid!, "FAILED", [
      "Message samples do not mention opt-out",
    ]);
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.CampaignFailed);
    expect((await account(ctx.companyId)).failureReason).toBe("Message samples do not mention opt-out");
    const brands = twilioApi.registration.brands.size;
    expect(await submitRegistration(ctx, settings())).toBe(S.CampaignPending);
    expect(twilioApi.registration.brands.size).toBe(brands);
    expect((await account(ctx.companyId)).brandSid).toBe(brandSid);
  });

  it("Twilio refusing the campaign call is campaign failed with its message", async () => {
    const ctx = await registered();
    await submitRegistration(ctx, settings());
    twilioApi.registration.setBrand((await account(ctx.companyId)).brandSid!, "APPROVED");
    twilioApi.registration.failNextAt("/Compliance/Usa2p", {
      status: 400,
      code: 21714,
      message: "Description too vague",
    });
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.CampaignFailed);
    expect((await account(ctx.companyId)).failureReason).toBe("Description too vague (Twilio error 21714)");
  });

  it("Twilio out of reach leaves the state for a retry", async () => {
    const ctx = await registered();
    const away = { ...settings(), apiBaseUrl: "http://127.0.0.1:9" };
    expect(await ruleErrorOf(submitRegistration(ctx, away))).toEqual({
      _global: "Twilio could not be reached. Try again in a few minutes.",
    });
    expect((await account(ctx.companyId)).registrationState).toBe(S.BrandCreationNotStarted);
    expect(await refreshRegistration(ctx.companyId, settings())).toBe(S.BrandPending);
  });

  it("a number another company has is refused before Twilio is asked", async () => {
    const ctx = await approved();
    const other = await createTestCompany();
    await db.update(companies).set({ messagingPhoneNumber: "+13125550100" }).where(eq(companies.id, other.companyId));
    const before = twilioApi.requests.length;
    expect(await ruleErrorOf(buyPhoneNumber(ctx, "+13125550100", settings()))).toEqual({ phoneNumber: NUMBER_TAKEN });
    expect(twilioApi.requests.length).toBe(before);
    expect((await account(ctx.companyId)).registrationState).toBe(S.WaitingToPurchasePhoneNumber);
  });

  it("a number Twilio no longer offers is refused on the field and the company may choose again", async () => {
    const ctx = await approved();
    // Bought elsewhere on Twilio (another account) since the list was shown.
    twilioApi.registration.numbers.set("PNelsewhere", { sid: "PNelsewhere", phone_number: "+16465550100" });
    expect(await ruleErrorOf(buyPhoneNumber(ctx, "+16465550100", settings()))).toEqual({
      phoneNumber: "PhoneNumber requested is not available (Twilio error 21422)",
    });
    expect((await account(ctx.companyId)).registrationState).toBe(S.WaitingToPurchasePhoneNumber);
    expect((await buyPhoneNumber(ctx, "+16465550101", settings())).registrationState).toBe(S.FullySetUp);
  });

  it("submitting an incomplete profile or without Twilio is refused and calls nothing", async () => {
    const { companyId, userId } = await createTestCompany();
    const ctx = asCaller(companyId, userId);
    const before = twilioApi.requests.length;
    expect(await ruleErrorOf(submitRegistration(ctx, settings()))).toEqual({
      _global: "Complete and save your business profile before submitting it",
    });
    expect(await ruleErrorOf(submitRegistration(ctx, null))).toEqual({ _global: TWILIO_NOT_CONFIGURED });
    expect(await ruleErrorOf(listAvailableNumbers(ctx, undefined, null))).toEqual({ _global: TWILIO_NOT_CONFIGURED });
    expect(twilioApi.requests.length).toBe(before);
  });

  it("the background poll moves every waiting registration, one company's trouble not stopping the others", async () => {
    const first = await registered();
    const second = await registered();
    await submitRegistration(first, settings());
    await submitRegistration(second, settings());
    twilioApi.registration.setBrand((await account(first.companyId)).brandSid!, "APPROVED");
    twilioApi.registration.setBrand((await account(second.companyId)).brandSid!, "APPROVED");
    twilioApi.registration.failNextAt("/Compliance/Usa2p", {
      status: 500,
      code: 20500,
      message: "Internal Server Error",
    });
    await pollRegistrations(settings());
    const states = [
      (await account(first.companyId)).registrationState,
      (await account(second.companyId)).registrationState,
    ];
    // Twilio's 500 is no refusal: that company stays brand approved for the next run.
    expect(states.sort()).toEqual([S.BrandApproved, S.CampaignPending].sort());
    await pollRegistrations(settings());
    expect((await account(first.companyId)).registrationState).toBe(S.CampaignPending);
    expect((await account(second.companyId)).registrationState).toBe(S.CampaignPending);
  });
});
