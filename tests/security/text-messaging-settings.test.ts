// Two-way text settings and the carrier registration (issue #18) from the attacker's side, over HTTP
// against the built server with Twilio pointed at the local API: signed out is 401, office staff and
// field techs 403 on every screen and call, a company without the feature 403; each company acts on
// its own account only (no id to aim at another's, a number of another company refused); junk
// payloads answer 400 with field errors and change nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_APP_FEATURES } from "~/access/features";
import { signInDemo, type DemoLoginRole } from "../helpers/demo-sign-in";
import { TEST_TWILIO, useTwilioServer } from "../helpers/twilio-server";
import { PROFILE } from "../integration/text-messaging/registration-world";
import { call, signUpOwner } from "./cross-company";
import { useOwnServer } from "./own-server";

const DEMO_PASSWORD = "security-demo-password-0123";
const twilioApi = useTwilioServer();
const server = useOwnServer(
  () => ({
    env: {
      SEED_DEMO: "true",
      DEMO_PASSWORD,
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_API_BASE_URL: twilioApi.url,
      TWILIO_API_BASE_URL_ALLOWED: "true",
    },
  }),
  120_000,
);

const signIn = (role: DemoLoginRole) => signInDemo(server.baseUrl, role, DEMO_PASSWORD, server.log);
const api = (path: string, options: Parameters<typeof call>[1] = {}) =>
  call(path, { ...options, base: server.baseUrl });

/** A form post as a browser without JavaScript makes it, from the app's origin. */
const postForm = (path: string, cookie: string, fields: Record<string, string> | URLSearchParams) =>
  fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function turnOnFeatures(companyId: number, superCookie: string, bits = ALL_APP_FEATURES) {
  const features = new URLSearchParams({ intent: "features" });
  for (const bit of bits) features.append("features", String(bit));
  const saved = await postForm(`/admin-panel/company-details/${companyId}`, superCookie, features);
  expect(saved.status, await saved.clone().text()).toBeLessThan(400);
}

let admin: { cookie: string; companyId: number };
let superAdmin: { cookie: string; companyId: number };
let staff: string[];

const DRAFT = "/api/text-messaging/a2p-draft-profile";
const NUMBERS = "/api/text-messaging/phone-numbers";
const calls: Array<[string, string, unknown?]> = [
  ["POST", DRAFT, PROFILE],
  ["GET", `${NUMBERS}?areaCode=704`],
  ["POST", NUMBERS, { phoneNumber: "+17045550100" }],
];
const pages = ["/two-way-text-settings", "/two-way-text-settings/register"];

const settingsOf = async (cookie: string) => {
  const page = await fetch(
    `${server.baseUrl}/two-way-text-settings/register?_data=${encodeURIComponent("routes/_app+/two-way-text-settings+/register")}`,
    {
      headers: { Cookie: cookie },
    },
  );
  expect(page.status).toBe(200);
  return (await page.json()) as { registrationState: number; draftProfile: Record<string, string> };
};

beforeAll(async () => {
  admin = await signIn("company admin");
  superAdmin = await signIn("super admin");
  staff = [(await signIn("office staff")).cookie, (await signIn("field tech")).cookie];
  await turnOnFeatures(admin.companyId, superAdmin.cookie);
}, 60_000);

describe("access", () => {
  it("signed out: 401 on every call, the sign-in page for the screens", async () => {
    for (const [method, path, body] of calls) expect((await api(path, { method, body })).status, path).toBe(401);
    for (const path of pages) {
      const res = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("office staff and field tech: 403 on every screen, form and call, and nothing changes", async () => {
    for (const cookie of staff) {
      for (const [method, path, body] of calls)
        expect((await api(path, { cookie, method, body })).status, `${method} ${path}`).toBe(403);
      for (const path of pages) {
        expect((await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie } })).status, path).toBe(403);
        expect((await postForm(path, cookie, { intent: "enabled", enabled: "true" })).status, path).toBe(403);
      }
      expect((await postForm("/two-way-text-settings/register", cookie, { ...PROFILE, intent: "submit" })).status).toBe(
        403,
      );
      expect(
        (
          await fetch(`${server.baseUrl}/admin-panel/company-twilio-details/${admin.companyId}`, {
            headers: { Cookie: cookie },
          })
        ).status,
      ).toBe(403);
    }
    expect((await settingsOf(admin.cookie)).registrationState).toBe(0);
    expect(twilioApi.requests).toHaveLength(0);
  });

  it("the company admin may not open the admin panel's account page", async () => {
    const path = `/admin-panel/company-twilio-details/${admin.companyId}`;
    expect((await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } })).status).toBe(403);
    const post = await postForm(path, admin.cookie, {
      intent: "account",
      registrationState: "10",
      numberVerification: "2",
      smsSegmentsBalance: "999999",
    });
    expect(post.status).toBe(403);
  });

  it("a company without the two-way text feature: 403", async () => {
    const owner = await signUpOwner({ name: "NoTwoWay", phoneNumber: "+17045550188", base: server.baseUrl });
    for (const [method, path, body] of calls)
      expect((await api(path, { cookie: owner, method, body })).status, `${method} ${path}`).toBe(403);
    for (const path of pages)
      expect((await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: owner } })).status, path).toBe(403);
  });
});

describe("one company, one account", () => {
  it("another company's draft, answers and numbers never touch this one's", async () => {
    const saved = await api(DRAFT, { cookie: admin.cookie, method: "POST", body: PROFILE });
    expect(saved.status).toBe(200);
    const owner = await signUpOwner({ name: "Rival", phoneNumber: "+17045550189", base: server.baseUrl });
    const me = (await (await api("/api/users/current", { cookie: owner })).json()) as { company: { id: number } };
    await turnOnFeatures(me.company.id, superAdmin.cookie);
    // A company id of their choosing in the body is not read: the draft is the caller's own.
    const theirs = await api(DRAFT, {
      cookie: owner,
      method: "POST",
      body: { ...PROFILE, businessName: "Rival Stolen LLC", companyId: admin.companyId, company_id: admin.companyId },
    });
    expect(theirs.status).toBe(200);
    expect((await theirs.json()).data).not.toHaveProperty("companyId");
    expect((await settingsOf(admin.cookie)).draftProfile.businessName).toBe(PROFILE.businessName);
    expect((await settingsOf(owner)).draftProfile.businessName).toBe("Rival Stolen LLC");
    // Buying needs the caller's own approved registration, whatever number is named.
    const buy = await api(NUMBERS, { cookie: owner, method: "POST", body: { phoneNumber: "+17045550140" } });
    expect(buy.status).toBe(400);
    expect(await buy.json()).toEqual({ message: "A number can be bought once the registration is approved" });
    const admins = await postForm(`/admin-panel/company-twilio-details/${admin.companyId}`, owner, {
      intent: "account",
    });
    expect(admins.status).toBe(403);
  });
});

describe("junk payloads", () => {
  it("answer 400 with field errors, never 500, and change nothing", async () => {
    const before = await settingsOf(admin.cookie);
    const junk: unknown[] = [
      "not json at all",
      [],
      null,
      { __proto__: { businessName: "Polluted" }, constructor: { prototype: { isAdmin: true } } },
      { ...PROFILE, businessName: ["array"], registrationNumber: { $gt: "" } },
      { ...PROFILE, useCaseDescription: "x".repeat(5000) },
      { ...PROFILE, contactPhone: "+44 20 7946 0958" },
      { ...PROFILE, country: "FR", businessType: "Empire" },
    ];
    for (const body of junk) {
      const res = await api(DRAFT, {
        cookie: admin.cookie,
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const phone = await api(DRAFT, {
      cookie: admin.cookie,
      method: "POST",
      body: { ...PROFILE, contactPhone: "+44 20 7946 0958" },
    });
    expect((await phone.json()).errors).toEqual({ contactPhone: "Phone number must be valid" });
    const long = await api(DRAFT, {
      cookie: admin.cookie,
      method: "POST",
      body: { ...PROFILE, useCaseDescription: "x".repeat(5000) },
    });
    expect((await long.json()).errors).toEqual({
      useCaseDescription: "Use case description is too long - should be 1024 chars maximum",
    });
    for (const body of [{ phoneNumber: ["+17045550100"] }, { phoneNumber: "'; drop table companies; --" }, {}]) {
      const res = await api(NUMBERS, { cookie: admin.cookie, method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ["areaCode=1;2", "areaCode=%00%00%00", "areaCode=12345"]) {
      const res = await api(`${NUMBERS}?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
    }
    const form = await postForm("/two-way-text-settings/register", admin.cookie, {
      ...PROFILE,
      intent: "save",
      __proto__: "x",
      "constructor.prototype.polluted": "yes",
      businessName: "",
    });
    expect(form.status).toBe(422);
    const unknown = await postForm("/two-way-text-settings", admin.cookie, { intent: "../../admin" });
    expect(unknown.status).toBe(400);
    expect(await settingsOf(admin.cookie)).toEqual(before);
    expect(server.log()).not.toMatch(/TypeError|Unhandled|prototype/i);
  });

  it("the feature toggle refuses anything but true or false", async () => {
    for (const enabled of ["yes", "", "1"]) {
      const res = await postForm("/two-way-text-settings", admin.cookie, { intent: "enabled", enabled });
      expect(res.status, enabled).toBe(400);
    }
  });
});
