import { beforeAll, describe, expect, it } from "vitest";
import { signInDemo, type DemoLoginRole } from "../helpers/demo-sign-in";
import { postSignedForm, TEST_TWILIO, twilioSignature, useTwilioServer } from "../helpers/twilio-server";
import { startOutcome } from "./harness";
import { useOwnServer } from "./own-server";

const DEMO_PASSWORD = "security-demo-password-0123";
const twilioApi = useTwilioServer();
// Production, with Twilio configured (pointed at the local API, which production allows only when told to),
// and behind a proxy on this machine, whose X-Forwarded-Proto and X-Forwarded-Host are believed.
const server = useOwnServer(
  () => ({
    env: {
      SEED_DEMO: "true",
      DEMO_PASSWORD,
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_API_BASE_URL: twilioApi.url,
      TWILIO_API_BASE_URL_ALLOWED: "true",
      TRUST_PROXY: "loopback",
    },
  }),
  120_000,
);

const signIn = (role: DemoLoginRole) => signInDemo(server.baseUrl, role, DEMO_PASSWORD);

const COMPANY_NUMBER = "+17045550180";
const HQ_NUMBER = "+17045550181";
const CUSTOMER_PHONE = "+17045550199";
let admin: { cookie: string; companyId: number };
let superAdmin: { cookie: string; companyId: number };
let customerId: number;

const statusUrl = () => `${server.baseUrl}/api/webhooks/twilio/status`;
const incomingUrl = () => `${server.baseUrl}/api/webhooks/twilio/incoming`;

/** Saves a company's messaging settings through the super admin's form, as a browser without JavaScript posts it. */
const saveMessaging = (companyId: number, phone: string, ready: boolean) =>
  fetch(`${server.baseUrl}/admin-panel/company-twilio-details/${companyId}`, {
    method: "POST",
    headers: { Cookie: superAdmin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "messaging",
      messagingPhoneNumber: phone,
      ...(ready ? { messagingReady: "true" } : {}),
    }).toString(),
    redirect: "manual",
  });

async function textsAllowed(): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/api/customers/${customerId}`, {
    headers: { Cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { areTextMessagesAllowed: boolean }).areTextMessagesAllowed;
}

const stop = (body = "STOP", to = COMPANY_NUMBER) => ({
  AccountSid: TEST_TWILIO.accountSid,
  MessageSid: "SM0123456789abcdef0123456789abcdef",
  From: CUSTOMER_PHONE,
  To: to,
  Body: body,
});

beforeAll(async () => {
  admin = await signIn("company admin");
  superAdmin = await signIn("super admin");
  const created = await fetch(`${server.baseUrl}/api/customers/create`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Stopper", mainPhoneNumber: CUSTOMER_PHONE, areTextMessagesAllowed: true }),
  });
  expect(created.status).toBe(201);
  customerId = ((await created.json()) as { customerId: number }).customerId;
});

describe("the super admin's messaging settings", () => {
  it("sets a company's number and readiness, and refuses another company's number beside the field", async () => {
    expect((await saveMessaging(admin.companyId, "(704) 555-0180", true)).status).toBe(302);
    const page = await (
      await fetch(`${server.baseUrl}/admin-panel/company-twilio-details/${admin.companyId}`, {
        headers: { Cookie: superAdmin.cookie },
      })
    ).text();
    expect(page).toContain("(704) 555-0180");
    const taken = await saveMessaging(superAdmin.companyId, COMPANY_NUMBER, false);
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain("This number is already used by Blue Ridge Heating");
    expect((await saveMessaging(superAdmin.companyId, "555", false)).status).toBe(422);
    expect((await saveMessaging(superAdmin.companyId, HQ_NUMBER, false)).status).toBe(302);
  });

  it("is the super admin's only", async () => {
    const response = await fetch(`${server.baseUrl}/admin-panel/company-twilio-details/${admin.companyId}`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "messaging", messagingPhoneNumber: "+17045550177" }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });
});

describe("the incoming-text webhook", () => {
  it("changes nothing for an unsigned, wrongly signed or tampered STOP", async () => {
    const url = incomingUrl();
    const unsigned = await postSignedForm(url, stop(), { signature: null });
    const wrongToken = await postSignedForm(url, stop(), { authToken: "someone-elses-token-0123456789" });
    const tampered = await postSignedForm(url, stop(), { signature: twilioSignature(url, stop("HELLO")) });
    const otherUrl = await postSignedForm(url, stop(), {
      signedUrl: "https://attacker.example/api/webhooks/twilio/incoming",
    });
    for (const answer of [unsigned, wrongToken, tampered, otherUrl]) {
      expect(answer.status).toBe(403);
      expect(await answer.text()).not.toContain("Response");
    }
    expect(await textsAllowed()).toBe(true);
  });

  it("a STOP to another company's number leaves this company's customer alone; to this company's number, turns texts off; START on", async () => {
    const toOther = await postSignedForm(incomingUrl(), stop("STOP", HQ_NUMBER));
    expect(toOther.status).toBe(200);
    expect(await textsAllowed()).toBe(true);

    const answer = await postSignedForm(incomingUrl(), stop("Stop"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await answer.text()).toContain("<Response/>");
    expect(await textsAllowed()).toBe(false);

    await postSignedForm(incomingUrl(), stop("START"));
    expect(await textsAllowed()).toBe(true);
  });

  it("believes the public address from X-Forwarded-* of a trusted proxy, and a signature over any other address fails", async () => {
    const publicUrl = "https://hooks.example.com/api/webhooks/twilio/incoming";
    const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "hooks.example.com" };
    const viaProxy = await postSignedForm(incomingUrl(), stop("STOP"), { signedUrl: publicUrl, headers: forwarded });
    expect(viaProxy.status).toBe(200);
    expect(await textsAllowed()).toBe(false);
    // The same signature without the proxy's headers names another address: refused.
    const direct = await postSignedForm(incomingUrl(), stop("START"), { signedUrl: publicUrl });
    expect(direct.status).toBe(403);
    // http and https sign differently.
    const wrongScheme = await postSignedForm(incomingUrl(), stop("START"), {
      signedUrl: publicUrl.replace("https:", "http:"),
      headers: forwarded,
    });
    expect(wrongScheme.status).toBe(403);
    expect(await textsAllowed()).toBe(false);
    await postSignedForm(incomingUrl(), stop("START"));
    expect(await textsAllowed()).toBe(true);
  });

  it("refuses an oversize body (413) before reading it, and a GET (405)", async () => {
    const big = { ...stop(), Body: "x".repeat(100 * 1024) };
    const response = await postSignedForm(incomingUrl(), big);
    expect(response.status).toBe(413);
    const huge = await postSignedForm(statusUrl(), { ...stop(), Pad: "y".repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect((await fetch(incomingUrl())).status).toBe(405);
  });
});

describe("the status webhook", () => {
  it("answers 403 to a forged callback and 204 to a signed one for a text it does not know", async () => {
    const params = {
      AccountSid: TEST_TWILIO.accountSid,
      MessageSid: "SMffffffffffffffffffffffffffffffff",
      MessageStatus: "delivered",
    };
    expect((await postSignedForm(statusUrl(), params, { signature: null })).status).toBe(403);
    expect((await postSignedForm(statusUrl(), params, { signature: "bm90IGEgc2lnbmF0dXJl" })).status).toBe(403);
    expect(
      (await twilioApi.postStatus(statusUrl(), { MessageSid: params.MessageSid, MessageStatus: "sent" })).status,
    ).toBe(204);
    // Signed with our token but for another account: refused.
    expect((await postSignedForm(statusUrl(), { ...params, AccountSid: `AC${"f".repeat(32)}` })).status).toBe(403);
  });
});

describe("the email open-tracking image", () => {
  it("answers the same GIF, no-store, whether the token exists or not", async () => {
    const answers = await Promise.all(
      ["A".repeat(32), "short", "%2e%2e", "x".repeat(300)].map((token) =>
        fetch(`${server.baseUrl}/email/open/${token}`),
      ),
    );
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer()).toString("base64")));
    for (const [i, answer] of answers.entries()) {
      if (i === 2) continue; // an odd path answers 404 before any route (app/http/odd-paths.server.ts)
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/gif");
      expect(answer.headers.get("cache-control")).toContain("no-store");
      expect(bodies[i]).toBe(bodies[0]);
    }
  });
});

describe("Twilio configuration in production", () => {
  it("refuses to start with another Twilio API address unless allowed, or with half the credentials", async () => {
    const redirected = await startOutcome({
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      TWILIO_API_BASE_URL: "http://127.0.0.1:14010",
    });
    expect(redirected.started).toBe(false);
    expect(redirected.log).toContain(
      "TWILIO_API_BASE_URL: TWILIO_API_BASE_URL sends texts somewhere other than Twilio",
    );
    const half = await startOutcome({ TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid });
    expect(half.started).toBe(false);
    expect(half.log).toContain("TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set together");
  });
});
