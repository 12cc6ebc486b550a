import { absoluteUrl } from "~/http/app-url.server";
import { screens } from "~/access/route-table";
import type { DraftProfile } from "~/models/text-messaging/registration.schema";
import { twilioClient, type TwilioSettings } from "~/services/texts.server";

/**
 * Twilio's REST calls of the carrier (A2P 10DLC) registration, through the real SDK (pointed at a
 * local server in tests, see texts.server.ts). Each returns the few fields the registration keeps.
 */

/** Twilio's policies: the secondary customer profile and the A2P messaging profile (trust product). */
const CUSTOMER_PROFILE_POLICY = "RNdfbf3fae0e1107f8aded0e7cead80bf5";
const A2P_PROFILE_POLICY = "RNb0d4771c2c98518d916a3d4cd70a8f8b";

/** A Twilio error as a sentence for the company ("... (Twilio error 21422)"). */
export function twilioReason(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === "number" && typeof e.message === "string") return `${e.message} (Twilio error ${e.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Whether Twilio refused the request (4xx) rather than the call not getting through or Twilio failing (5xx: retried). */
export function isTwilioRefusal(error: unknown) {
  const status = (error as { status?: unknown })?.status;
  return typeof status === "number" && status < 500;
}

/** The customer profile and the A2P profile bundles, filled in and submitted for review. */
export async function createProfileBundles(settings: TwilioSettings, profile: DraftProfile) {
  const trusthub = twilioClient(settings).trusthub.v1;
  const customerProfile = await trusthub.customerProfiles.create({
    friendlyName: profile.businessName,
    email: profile.contactEmail,
    policySid: CUSTOMER_PROFILE_POLICY,
  });
  const businessInfo = await trusthub.endUsers.create({
    friendlyName: `${profile.businessName} business information`,
    type: "customer_profile_business_information",
    attributes: {
      business_name: profile.businessName,
      business_registration_identifier: profile.country === "CA" ? "CBN" : "EIN",
      business_registration_number: profile.registrationNumber,
      business_type: profile.businessType,
      business_industry: profile.industry,
      website_url: profile.website,
      business_regions_of_operation: "USA_AND_CANADA",
      address: {
        street: profile.street,
        city: profile.city,
        region: profile.region,
        postal_code: profile.zip,
        iso_country: profile.country,
      },
      contact_name: profile.contactName,
      contact_email: profile.contactEmail,
      contact_phone_number: profile.contactPhone,
    },
  });
  await trusthub.customerProfiles(customerProfile.sid).customerProfilesEntityAssignments.create({
    objectSid: businessInfo.sid,
  });
  await trusthub.customerProfiles(customerProfile.sid).update({ status: "pending-review" });
  const a2pProfile = await trusthub.trustProducts.create({
    friendlyName: `${profile.businessName} A2P messaging profile`,
    email: profile.contactEmail,
    policySid: A2P_PROFILE_POLICY,
  });
  await trusthub.trustProducts(a2pProfile.sid).trustProductsEntityAssignments.create({
    objectSid: customerProfile.sid,
  });
  await trusthub.trustProducts(a2pProfile.sid).update({ status: "pending-review" });
  return { customerProfileSid: customerProfile.sid, a2pProfileSid: a2pProfile.sid };
}

export async function createBrand(
  settings: TwilioSettings,
  bundles: { customerProfileSid: string; a2pProfileSid: string },
) {
  const brand = await twilioClient(settings).messaging.v1.brandRegistrations.create({
    customerProfileBundleSid: bundles.customerProfileSid,
    a2PProfileBundleSid: bundles.a2pProfileSid,
  });
  return { brandSid: brand.sid, status: brand.status, failureReason: brand.failureReason ?? null };
}

/** The brand's review: PENDING, IN_REVIEW, APPROVED, FAILED (with Twilio's reason). */
export async function fetchBrand(settings: TwilioSettings, brandSid: string) {
  const brand = await twilioClient(settings).messaging.v1.brandRegistrations(brandSid).fetch();
  return { status: brand.status, failureReason: brand.failureReason ?? null };
}

/** The messaging service the company's number and campaign sit in: incoming texts and statuses come to our webhooks. */
export async function createMessagingService(settings: TwilioSettings, name: string) {
  const service = await twilioClient(settings).messaging.v1.services.create({
    friendlyName: name.slice(0, 64),
    inboundRequestUrl: absoluteUrl(screens.webhooks.twilioIncoming.pattern),
    statusCallback: absoluteUrl(screens.webhooks.twilioStatus.pattern),
  });
  return { messagingServiceSid: service.sid };
}

export async function createCampaign(
  settings: TwilioSettings,
  ids: { messagingServiceSid: string; brandSid: string },
  profile: DraftProfile,
) {
  const campaign = await twilioClient(settings)
    .messaging.v1.services(ids.messagingServiceSid)
    .usAppToPerson.create({
      brandRegistrationSid: ids.brandSid,
      description: profile.useCaseDescription,
      messageFlow: `Customers give their phone number to ${profile.businessName} when they book a service and agree to receive texts about it. Reply STOP to opt out.`,
      messageSamples: [profile.sampleMessage1, profile.sampleMessage2],
      usAppToPersonUsecase: "MIXED",
      hasEmbeddedLinks: /https?:\/\//i.test(`${profile.sampleMessage1} ${profile.sampleMessage2}`),
      hasEmbeddedPhone: false,
    });
  return { campaignSid: campaign.sid, status: campaign.campaignStatus };
}

/** The campaign's review: PENDING, IN_PROGRESS, VERIFIED, FAILED (with Twilio's errors). */
export async function fetchCampaign(
  settings: TwilioSettings,
  ids: { messagingServiceSid: string; campaignSid: string },
) {
  const campaign = await twilioClient(settings)
    .messaging.v1.services(ids.messagingServiceSid)
    .usAppToPerson(ids.campaignSid)
    .fetch();
  const reasons = (campaign.errors ?? [])
    .map((e) => (e as { description?: unknown }).description)
    .filter((d): d is string => typeof d === "string");
  return { status: campaign.campaignStatus, failureReason: reasons.join("; ") || null };
}

export type AvailableNumber = { phoneNumber: string; friendlyName: string; locality: string; region: string };

/** Local numbers that can text, in the company's country, optionally in one area code. */
export async function listAvailableNumbers(
  settings: TwilioSettings,
  country: "US" | "CA",
  areaCode?: string,
): Promise<AvailableNumber[]> {
  const numbers = await twilioClient(settings)
    .availablePhoneNumbers(country)
    .local.list({ smsEnabled: true, ...(areaCode ? { areaCode: Number(areaCode) } : {}), limit: 20 });
  return numbers.map((n) => ({
    phoneNumber: n.phoneNumber,
    friendlyName: n.friendlyName,
    locality: n.locality ?? "",
    region: n.region ?? "",
  }));
}

/** Buys the number and puts it in the messaging service (its campaign then covers it). */
export async function buyNumber(settings: TwilioSettings, phoneNumber: string, messagingServiceSid: string) {
  const client = twilioClient(settings);
  const bought = await client.incomingPhoneNumbers.create({
    phoneNumber,
    smsUrl: absoluteUrl(screens.webhooks.twilioIncoming.pattern),
  });
  await client.messaging.v1.services(messagingServiceSid).phoneNumbers.create({ phoneNumberSid: bought.sid });
  return { phoneNumberSid: bought.sid, phoneNumber: bought.phoneNumber, status: bought.status };
}

/** The bought number's state as Twilio reports it ("in-use" once it is in service). */
export async function fetchNumberStatus(settings: TwilioSettings, phoneNumberSid: string) {
  const number = await twilioClient(settings).incomingPhoneNumbers(phoneNumberSid).fetch();
  return number.status;
}
