import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ALL_APP_FEATURES } from "~/access/features";
import { signInDemo } from "../helpers/demo-sign-in";
import { useStarted } from "../helpers/lifecycle";
import { startTwilioServer, TEST_TWILIO, type TwilioServer } from "../helpers/twilio-server";
import { PROFILE } from "../integration/text-messaging/registration-world";
import { call, signUpOwner } from "../security/cross-company";
import { startServer, type OwnServer } from "../security/harness";
import { expectNoA11yViolations, newPage, screenshot, type Width } from "./harness";

// Its own server with Twilio pointed at the local API (the shared one runs without Twilio): the
// registration walks through the brand, campaign and number with the local API's answers.
const DEMO_PASSWORD = "two-way-settings-demo-0123";
const world = useStarted<{ server: OwnServer; twilioApi: TwilioServer }>(
  async () => {
    const twilioApi = await startTwilioServer();
    const server = await startServer({
      env: {
        SEED_DEMO: "true",
        DEMO_PASSWORD,
        TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
        TWILIO_API_BASE_URL: twilioApi.url,
        TWILIO_API_BASE_URL_ALLOWED: "true",
        TRUST_PROXY: undefined,
      },
    }).catch(async (error: unknown) => {
      await twilioApi.close();
      throw error;
    });
    return { server, twilioApi };
  },
  async ({ server, twilioApi }) => {
    await server.stop();
    await twilioApi.close();
  },
  180_000,
);

const base = () => world.server.baseUrl;
const open = (page: Page, path: string) => page.goto(`${base()}${path}`);

/** A fresh company (its owner is its company admin) with every application feature on. */
async function newCompany(name: string, phoneNumber: string) {
  const owner = await signUpOwner({ name, phoneNumber, base: base() });
  const me = (await (await call("/api/users/current", { cookie: owner, base: base() })).json()) as {
    company: { id: number };
  };
  const superAdmin = await signInDemo(base(), "super admin", DEMO_PASSWORD, world.server.log);
  const features = new URLSearchParams({ intent: "features" });
  for (const bit of ALL_APP_FEATURES) features.append("features", String(bit));
  const saved = await fetch(`${base()}/admin-panel/company-details/${me.company.id}`, {
    method: "POST",
    headers: { Cookie: superAdmin.cookie, Origin: base(), "Content-Type": "application/x-www-form-urlencoded" },
    body: features,
    redirect: "manual",
  });
  expect(saved.status).toBeLessThan(400);
  return { cookie: owner, companyId: me.company.id, superCookie: superAdmin.cookie };
}

async function pageAs(cookie: string, { javaScript, width = 1366 }: { javaScript: boolean; width?: Width }) {
  const page = await newPage({ javaScript, width });
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([{ name, value: value.join("="), url: base(), httpOnly: true, sameSite: "Lax" }]);
  return page;
}

const state = (page: Page) => page.getByTestId("registration-state");

async function fillProfile(page: Page, businessName: string) {
  await page.getByLabel("Business legal name").fill(businessName);
  await page.getByLabel("EIN or business registration number").fill("12");
  await page.getByLabel("Business type").selectOption(PROFILE.businessType);
  await page.getByLabel("Industry").selectOption(PROFILE.industry);
  await page.getByLabel("Website").fill(PROFILE.website);
  await page.getByLabel("Street").fill(PROFILE.street);
  await page.getByLabel("City").fill(PROFILE.city);
  await page.getByLabel("State or province").fill(PROFILE.region);
  await page.getByLabel("Postal code").fill(PROFILE.zip);
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("Contact name").fill(PROFILE.contactName);
  await page.getByLabel("Contact email").fill(PROFILE.contactEmail);
  await page.getByLabel("Contact phone").fill(PROFILE.contactPhone);
  await page.getByLabel("Use case description").fill(PROFILE.useCaseDescription);
  await page.getByLabel("Sample message 1").fill(PROFILE.sampleMessage1);
  await page.getByLabel("Sample message 2").fill(PROFILE.sampleMessage2);
}

for (const javaScript of [false, true]) {
  describe(`two-way text settings with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("turns the inbox on, registers, follows the carriers' review, buys a number; the super admin corrects the balance", async () => {
      const tag = javaScript ? "On" : "Off";
      const company = await newCompany(`TwoWay${tag}`, javaScript ? "+17045550171" : "+17045550172");
      const businessName = `Two Way ${tag} Lawn LLC`;
      const page = await pageAs(company.cookie, { javaScript });

      await open(page, "/two-way-text-settings");
      await expect(state(page).textContent()).resolves.toBe("Unknown");
      await page.getByRole("button", { name: "Turn On Two-Way Text" }).click();
      await page.getByText("Two-way text was turned on").first().waitFor();
      await page.getByRole("button", { name: "Turn Off Two-Way Text" }).waitFor();
      await expectNoA11yViolations(page);

      await page.getByRole("link", { name: "Registration" }).click();
      await page.getByRole("heading", { name: "Business profile" }).waitFor();
      await fillProfile(page, businessName);
      await page.getByRole("button", { name: "Submit for Registration" }).click();
      const ein = page.getByLabel("EIN or business registration number");
      await page.getByText("EIN or business registration number is too short - should be 9 chars minimum").waitFor();
      expect(await ein.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Business legal name").inputValue()).toBe(businessName);
      await expectNoA11yViolations(page);
      await ein.fill(PROFILE.registrationNumber);
      await page.getByRole("button", { name: "Submit for Registration" }).click();
      await page.getByText("Your registration was submitted").first().waitFor();
      await expect(state(page).textContent()).resolves.toBe("Brand pending");

      // The carriers approve the brand: Check Status creates the campaign.
      const twilio = world.twilioApi.registration;
      const profile = [...twilio.customerProfiles.values()].find((p) => p.friendly_name === businessName)!;
      const brand = [...twilio.brands.values()].find((b) => b.customer_profile_bundle_sid === profile.sid)!;
      twilio.setBrand(brand.sid, "APPROVED");
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByText("Registration status: Campaign pending").first().waitFor();
      await expect(state(page).textContent()).resolves.toBe("Campaign pending");
      const campaign = [...twilio.campaigns.values()].find((c) => c.brand_registration_sid === brand.sid)!;
      twilio.setCampaign(campaign.sid, "VERIFIED");
      await page.getByRole("button", { name: "Check Status" }).click();
      await page.getByText("Registration status: Waiting to purchase phone number").first().waitFor();

      // Choosing the number: search by area code, pick one, buy it.
      await page.getByRole("link", { name: "Choose Your Number" }).click();
      const areaCode = javaScript ? "980" : "828";
      await page.getByLabel("Area code").fill(areaCode);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByLabel(new RegExp(`\\(${areaCode}\\) 555-0101`)).check();
      if (javaScript) await screenshot(page, "two-way-text-numbers-1366");
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Buy This Number" }).click();
      await page.getByText("Your number was bought: Fully set up").first().waitFor();
      await expect(state(page).textContent()).resolves.toBe("Fully set up");
      await page.getByText(`(${areaCode}) 555-0101`).waitFor();
      await page.getByText("Enabled").waitFor();

      const admin = await pageAs(company.superCookie, { javaScript });
      await open(admin, `/admin-panel/company-twilio-details/${company.companyId}`);
      await admin.getByRole("heading", { name: "Two-way text account" }).waitFor();
      await admin.getByLabel("Segment balance").fill("-");
      await admin.getByRole("button", { name: "Save Messaging Account" }).click();
      await admin.getByText("Segment balance is required").waitFor();
      await admin.getByLabel("Segment balance").fill("500");
      await admin.getByRole("button", { name: "Save Messaging Account" }).click();
      await admin.getByText("Messaging account was saved").first().waitFor();
      await expectNoA11yViolations(admin);
      await open(page, "/two-way-text-settings");
      await expect(page.getByTestId("segment-balance").textContent()).resolves.toBe("500");
    }, 240_000);
  });
}

describe("screens", () => {
  it("the settings and the registration form at 375 and 1366 pixels", async () => {
    const company = await newCompany("TwoWayScreens", "+17045550173");
    for (const width of [375, 1366] as const) {
      const page = await pageAs(company.cookie, { javaScript: true, width });
      await open(page, "/two-way-text-settings");
      await screenshot(page, `two-way-text-settings-${width}`);
      await open(page, "/two-way-text-settings/register");
      await page.getByRole("button", { name: "Submit for Registration" }).click();
      await page.getByText("Business legal name is required").waitFor();
      await screenshot(page, `two-way-text-register-${width}`);
    }
  }, 120_000);
});
