// Webhook endpoints and the accounting exports from the attacker's side, over HTTP against the
// built server (NODE_ENV=production): office staff and field techs are refused (403), another
// company's endpoint answers 404 and changes nothing, private and non-https URLs are refused, and
// the signature verifier rejects tampered bodies and old timestamps.
import { beforeAll, describe, expect, test } from "vitest";
import { signWebhook, verifyWebhookSignature } from "~/models/webhooks/signature.server";
import { call, signUpOwner } from "./cross-company";
import { baseUrl, liveSessionCookie, postForm } from "./harness";

let admin: string;
let staff: string;
let tech: string;
let owner: string;
let endpointPath: string;
let ownerEndpointPath: string;

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
};

async function addEndpoint(cookie: string, url: string) {
  const response = await postForm("/integrations?index", cookie, form({ intent: "add-webhook", url }));
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^\/integrations\/webhooks\/\d+$/);
  return location;
}

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  staff = await liveSessionCookie("office staff");
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "Webhooks", phoneNumber: "+17045550171" });
  endpointPath = await addEndpoint(admin, "https://hooks.example.com/security");
  ownerEndpointPath = await addEndpoint(owner, "https://hooks.example.com/owner");
});

describe("webhooks and exports: roles", () => {
  test.each([
    ["office staff", () => staff],
    ["field tech", () => tech],
  ])("%s is refused every screen, download and action (403)", async (_role, cookie) => {
    for (const path of [
      "/integrations",
      endpointPath,
      "/integrations/invoices.csv?from=2026-01-01&to=2026-12-31",
      "/integrations/payments.csv?from=2026-01-01&to=2026-12-31",
    ])
      expect((await call(path, { cookie: cookie() })).status, path).toBe(403);
    const posts: Array<[string, Record<string, string>]> = [
      ["/integrations?index", { intent: "add-webhook", url: "https://hooks.example.com/staff" }],
      [endpointPath, { intent: "send-test" }],
      [endpointPath, { intent: "rotate-secret" }],
      [endpointPath, { intent: "delete" }],
    ];
    for (const [path, fields] of posts)
      expect((await postForm(path, cookie(), form(fields))).status, `${path} ${fields.intent}`).toBe(403);
  });
});

describe("webhooks: another company's endpoint", () => {
  test("answers 404 on the page and on every action, and stays as it was", async () => {
    const before = await (await call(endpointPath, { cookie: admin })).text();
    const secret = /whsec_[A-Za-z0-9+/=]+/.exec(before)?.[0];
    expect(secret).toBeDefined();
    expect((await call(endpointPath, { cookie: owner })).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "send-test" },
      { intent: "rotate-secret" },
      { intent: "set-enabled", enabled: "false" },
      { intent: "delete" },
      { intent: "resend", deliveryId: "1" },
    ];
    for (const fields of attempts)
      expect((await postForm(endpointPath, owner, form(fields))).status, fields.intent).toBe(404);
    const after = await call(endpointPath, { cookie: admin });
    expect(after.status).toBe(200);
    const page = await after.text();
    expect(page).toContain(secret!);
    expect(page).toContain("Enabled");
    expect(page).toContain("No deliveries yet.");
  });

  test("a delivery of another company's endpoint cannot be resent through one's own", async () => {
    expect((await postForm(endpointPath, admin, form({ intent: "send-test" }))).status).toBe(302);
    const page = await (await call(endpointPath, { cookie: admin })).text();
    const deliveryId = /name="deliveryId" value="(\d+)"/.exec(page)?.[1];
    expect(deliveryId).toBeDefined();
    const resend = await postForm(ownerEndpointPath, owner, form({ intent: "resend", deliveryId: deliveryId! }));
    expect(resend.status).toBe(404);
  });
});

describe("webhooks: SSRF", () => {
  test.each([
    ["https://169.254.169.254/latest/meta-data", "The URL must point to a public address"],
    ["https://127.0.0.1:3000/", "The URL must point to a public address"],
    ["https://localhost/hooks", "The URL must point to a public address"],
    ["https://[::1]/hooks", "The URL must point to a public address"],
    ["https://10.0.0.5/hooks", "The URL must point to a public address"],
    ["http://hooks.example.com/plain", "The URL must start with https://"],
    ["file:///etc/passwd", "The URL must start with https://"],
  ])("%s is refused on its field (422)", async (url, message) => {
    const response = await postForm("/integrations?index", admin, form({ intent: "add-webhook", url }));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(message);
  });
});

describe("webhooks: the signature verifier", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const body = JSON.stringify({ id: "evt_1", type: "invoice.paid", data: { id: 1 } });
  const now = Date.now();
  const headersAt = (seconds: number, signed = body) => ({
    "webhook-id": "evt_1",
    "webhook-timestamp": String(seconds),
    "webhook-signature": signWebhook(secret, "evt_1", seconds, signed),
  });

  test("accepts a fresh, untampered request", () => {
    expect(verifyWebhookSignature(secret, headersAt(Math.floor(now / 1000)), body, 300, now)).toBe(true);
  });

  test("rejects a tampered body, id or signature, another secret, and a timestamp outside the tolerance", () => {
    const fresh = Math.floor(now / 1000);
    expect(verifyWebhookSignature(secret, headersAt(fresh), body.replace("1}", "2}"), 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, { ...headersAt(fresh), "webhook-id": "evt_2" }, body, 300, now)).toBe(false);
    const signature = headersAt(fresh)["webhook-signature"];
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + "=";
    expect(verifyWebhookSignature(secret, { ...headersAt(fresh), "webhook-signature": flipped }, body, 300, now)).toBe(
      false,
    );
    expect(verifyWebhookSignature("whsec_b3RoZXItc2VjcmV0", headersAt(fresh), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, headersAt(fresh - 301), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, headersAt(fresh + 301), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, { ...headersAt(fresh), "webhook-timestamp": "soon" }, body, 300, now)).toBe(
      false,
    );
    expect(verifyWebhookSignature(secret, {}, body, 300, now)).toBe(false);
  });

  test("accepts the request while one of several listed signatures matches (a secret rotation)", () => {
    const fresh = Math.floor(now / 1000);
    const headers = headersAt(fresh);
    headers["webhook-signature"] = `v1,bm90IGl0 ${headers["webhook-signature"]}`;
    expect(verifyWebhookSignature(secret, headers, body, 300, now)).toBe(true);
  });
});

test("the server answers on the base URL", () => expect(baseUrl()).toMatch(/^http/));
