import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, textMessagingAccounts } from "~/db/schema";
import { AppFeature } from "~/access/features";
import { Role } from "~/access/roles";
import { RegistrationState } from "~/models/text-messaging/registration.schema";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/two-way-text-settings+/_index";
import { action as registerAction, loader as registerLoader } from "~/routes/_app+/two-way-text-settings+/register";
import { action as draftAction } from "~/routes/api+/text-messaging+/a2p-draft-profile";
import { action as buyAction, loader as numbersLoader } from "~/routes/api+/text-messaging+/phone-numbers";
import { action as adminAction, loader as adminLoader } from "~/routes/_app+/admin-panel+/company-twilio-details.$id";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany, createTestUser, sessionCookie } from "../../helpers/factories";
import { useLocalTwilio } from "../../helpers/twilio-server";
import { callRoute, type Route } from "../route-call";
import { PROFILE } from "./registration-world";

// Twilio's settings are read from the environment once: the local API must be up before that.
const twilioApi = await useLocalTwilio();

useTestDatabase();
const S = RegistrationState.values;

let companyId: number;
let cookie: string;
const SETTINGS = "/two-way-text-settings";
const REGISTER = "/two-way-text-settings/register";

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), cookie });
const account = async () =>
  (await db.select().from(textMessagingAccounts).where(eq(textMessagingAccounts.companyId, companyId)))[0];

beforeAll(async () => {
  const company = await createTestCompany();
  companyId = company.companyId;
  await db
    .update(companies)
    .set({ featureFlags: sql`${companies.featureFlags} | ${AppFeature.TwoWayText}` })
    .where(eq(companies.id, companyId));
  cookie = await sessionCookie(company.userId);
});

describe("two-way text settings and registration screens and calls", () => {
  it("the settings page shows the state and the balance; Twilio is configured", async () => {
    const page = await callRoute(settingsLoader as Route, SETTINGS, { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      registrationState: S.Unknown,
      numberVerification: 0,
      smsSegmentsBalance: 0,
      messagingPhoneNumber: null,
      twoWayTextEnabled: false,
      twilioConfigured: true,
    });
  });

  it("turns the feature-enabled setting on and off with a plain form", async () => {
    const on = await callRoute(settingsAction as Route, SETTINGS, form({ intent: "enabled", enabled: "true" }));
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe(SETTINGS);
    expect((await db.select().from(companies).where(eq(companies.id, companyId)))[0].twoWayTextEnabled).toBe(true);
    const junk = await callRoute(settingsAction as Route, SETTINGS, form({ intent: "enabled", enabled: "yes" }));
    expect(junk.status).toBe(400);
    const unknown = await callRoute(settingsAction as Route, SETTINGS, form({ intent: "explode" }));
    expect(unknown.status).toBe(400);
  });

  it("POST text-messaging/a2p-draft-profile puts each error on its field, then saves: a new request", async () => {
    const bad = await callRoute(draftAction as Route, "/api/text-messaging/a2p-draft-profile", {
      method: "POST",
      cookie,
      json: {
        ...PROFILE,
        businessName: "",
        registrationNumber: "12-34A",
        contactPhone: "12",
        contactEmail: "nope",
        website: "not a site",
        useCaseDescription: "Too short",
        industry: "SPACE",
        sampleMessage2: undefined,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      businessName: "Business legal name is required",
      registrationNumber: "EIN or business registration number should contain only numeric characters",
      contactPhone: "Phone number must be valid",
      contactEmail: "Incorrect email format",
      website: "Please enter a valid URL (e.g. example.com)",
      useCaseDescription: "Use case description is too short - should be 40 chars minimum",
      industry: "Industry is not one of the choices",
      sampleMessage2: "Sample message 2 is required",
    });
    expect(await account()).toBeUndefined();
    const saved = await callRoute(draftAction as Route, "/api/text-messaging/a2p-draft-profile", {
      method: "POST",
      cookie,
      json: PROFILE,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ registrationNumber: "123456789", contactPhone: "+14155550123" });
    expect((await account()).registrationState).toBe(S.NewRequest);
  });

  it("the register form refuses a bad field with 422 and the values kept, and submits a good one", async () => {
    const bad = await callRoute(
      registerAction as Route,
      REGISTER,
      form({ ...PROFILE, intent: "save", registrationNumber: "1234" }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors).toEqual({
      registrationNumber: "EIN or business registration number is too short - should be 9 chars minimum",
    });
    expect(bad.body.repopulateFields).toMatchObject({ businessName: PROFILE.businessName });
    const submitted = await callRoute(registerAction as Route, REGISTER, form({ ...PROFILE, intent: "submit" }));
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get("Location")).toBe(SETTINGS);
    expect((await account()).registrationState).toBe(S.BrandPending);
    const again = await callRoute(registerAction as Route, REGISTER, form({ ...PROFILE, intent: "submit" }));
    expect(again.status).toBe(422);
    expect(again.body.fieldErrors).toEqual({ _global: "The registration is already under way" });
  });

  it("Check Status moves the registration with Twilio's answers", async () => {
    twilioApi.registration.setBrand((await account()).brandSid!, "APPROVED");
    const checked = await callRoute(settingsAction as Route, SETTINGS, form({ intent: "refresh" }));
    expect(checked.status).toBe(302);
    expect((await account()).registrationState).toBe(S.CampaignPending);
    twilioApi.registration.setCampaign((await account()).campaignSid!, "VERIFIED");
    await callRoute(settingsAction as Route, SETTINGS, form({ intent: "refresh" }));
    expect((await account()).registrationState).toBe(S.WaitingToPurchasePhoneNumber);
  });

  it("the register page offers numbers by area code, with the area code's error on its field", async () => {
    const page = await callRoute(registerLoader as Route, `${REGISTER}?areaCode=917`, { cookie });
    expect(page.body.offer.numbers[0]).toMatchObject({ phoneNumber: "+19175550100", locality: "San Francisco" });
    const bad = await callRoute(registerLoader as Route, `${REGISTER}?areaCode=9x`, { cookie });
    expect(bad.body.offer).toMatchObject({ numbers: [], error: "Area code should be 3 digits" });
    const api = await callRoute(numbersLoader as Route, "/api/text-messaging/phone-numbers?areaCode=917", { cookie });
    expect(api.status).toBe(200);
    expect(api.body.data).toHaveLength(5);
    const apiBad = await callRoute(numbersLoader as Route, "/api/text-messaging/phone-numbers?areaCode=abcd", {
      cookie,
    });
    expect(apiBad.status).toBe(400);
    expect(apiBad.body.errors).toEqual({ areaCode: "Area code should be 3 digits" });
  });

  it("POST text-messaging/phone-numbers buys the number: fully set up and messaging ready", async () => {
    const junk = await callRoute(buyAction as Route, "/api/text-messaging/phone-numbers", {
      method: "POST",
      cookie,
      json: { phoneNumber: "not a number" },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.errors).toEqual({ phoneNumber: "Phone number must be valid" });
    const bought = await callRoute(buyAction as Route, "/api/text-messaging/phone-numbers", {
      method: "POST",
      cookie,
      json: { phoneNumber: "+19175550100" },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toEqual({ phoneNumber: "+19175550100", registrationState: S.FullySetUp });
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({ messagingPhoneNumber: "+19175550100", messagingReady: true });
    const again = await callRoute(buyAction as Route, "/api/text-messaging/phone-numbers", {
      method: "POST",
      cookie,
      json: { phoneNumber: "+19175550101" },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: "A number can be bought once the registration is approved" });
  });

  it("the buy form without JavaScript: another company's number on its field", async () => {
    const other = await createTestCompany();
    await db
      .update(companies)
      .set({ featureFlags: sql`${companies.featureFlags} | ${AppFeature.TwoWayText}` })
      .where(eq(companies.id, other.companyId));
    await db.insert(textMessagingAccounts).values({
      companyId: other.companyId,
      registrationState: S.WaitingToPurchasePhoneNumber,
      messagingServiceSid: "MG0",
    });
    const otherCookie = await sessionCookie(other.userId);
    const taken = await callRoute(registerAction as Route, REGISTER, {
      method: "POST",
      cookie: otherCookie,
      body: new URLSearchParams({ intent: "buy", phoneNumber: "+19175550100" }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ phoneNumber: "This number is already used by another company" });
  });

  it("the super admin sees and corrects the company's messaging account", async () => {
    const platform = (await createTestCompany()).companyId;
    const superCookie = await sessionCookie((await createTestUser(platform, Role.SuperAdmin)).userId);
    const path = `/admin-panel/company-twilio-details/${companyId}`;
    const page = await callRoute(adminLoader as Route, path, { cookie: superCookie }, { id: String(companyId) });
    expect(page.body.account).toMatchObject({ registrationState: S.FullySetUp, numberVerification: 2 });
    const bad = await callRoute(
      adminAction as Route,
      path,
      {
        method: "POST",
        cookie: superCookie,
        body: new URLSearchParams({
          intent: "account",
          registrationState: "11",
          numberVerification: "2",
          smsSegmentsBalance: "x",
        }),
      },
      { id: String(companyId) },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors).toEqual({
      registrationState: "Registration state is not one of the choices",
      smsSegmentsBalance: "Segment balance is required",
    });
    const saved = await callRoute(
      adminAction as Route,
      path,
      {
        method: "POST",
        cookie: superCookie,
        body: new URLSearchParams({
          intent: "account",
          registrationState: "8",
          numberVerification: "1",
          smsSegmentsBalance: "250",
        }),
      },
      { id: String(companyId) },
    );
    expect(saved.status).toBe(302);
    expect(await account()).toMatchObject({ registrationState: 8, numberVerification: 1, smsSegmentsBalance: 250 });
    const byAdmin = await callRoute(adminLoader as Route, path, { cookie }, { id: String(companyId) });
    expect(byAdmin.status).toBe(403);
  });
});
