// Message templates from the attacker's side, over HTTP against the built server with the demo data:
// another company's messageId is a 404 like a missing one (and its text stays), office staff and field
// techs are refused (403), a company without the customized messages feature is refused (403), and
// prototype keys in a JSON body supply nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { signUpOwner } from "./cross-company";
import { baseUrl, liveSessionCookie } from "./harness";

let address = 0;
/** Each request from its own address, so no rate limit answers in the test's place. */
function call(
  path: string,
  {
    cookie,
    method = "GET",
    body,
    form,
  }: { cookie?: string; method?: string; body?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  address += 1;
  headers.set("X-Forwarded-For", `203.0.113.${address % 250}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  if (form) headers.set("Origin", baseUrl());
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: form ? new URLSearchParams(form) : body,
    redirect: "manual",
  });
}
const json = (value: unknown) => JSON.stringify(value);
const SMS = "/api/company-settings/custom-message/sms";
const EMAIL = "/api/company-settings/custom-message/email";
const LIST = "/api/company-settings/custom-messages";

let admin: string;
let owner: { cookie: string; companyId: number };
let theirMessageId: number;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  const cookie = await signUpOwner({ name: "Templates", phoneNumber: "+17045550177" });
  const current = (await (await call("/api/users/current", { cookie })).json()) as { company: { id: number } };
  owner = { cookie, companyId: current.company.id };
  const saved = await call(SMS, {
    cookie,
    method: "PATCH",
    body: json({ smsText: "Only ours, {{customer_first_name}}", customizableMessageType: 0 }),
  });
  expect(saved.status).toBe(200);
  theirMessageId = ((await saved.json()) as { data: { messageId: number } }).data.messageId;
});

async function theirJobScheduledText() {
  const list = (await (await call(LIST, { cookie: owner.cookie })).json()) as {
    data: Array<{ customizableMessageType: number; smsText: string; messageId: number }>;
  };
  return list.data.find((t) => t.customizableMessageType === 0);
}

describe("message templates", () => {
  test("another company's messageId is 404 like a missing one, and changes nothing", async () => {
    for (const messageId of [theirMessageId, 2_000_000_000]) {
      for (const [path, body] of [
        [SMS, { messageId, smsText: "Taken over", customizableMessageType: 0 }],
        [EMAIL, { messageId, subjectText: "Taken over", emailText: "Taken over", customizableMessageType: 0 }],
      ] as const) {
        const response = await call(path, { cookie: admin, method: "PATCH", body: json(body) });
        expect(response.status, `${path} ${messageId}`).toBe(404);
        expect(await response.json()).toMatchObject({ exceptionType: "not_found" });
      }
    }
    expect(await theirJobScheduledText()).toMatchObject({
      messageId: theirMessageId,
      smsText: "Only ours, {{customer_first_name}}",
    });
  });

  test("office staff and field techs are refused, screen and API alike", async () => {
    for (const role of ["office staff", "field tech"] as const) {
      const cookie = await liveSessionCookie(role);
      expect((await call("/communication", { cookie })).status, role).toBe(403);
      expect((await call(LIST, { cookie })).status, role).toBe(403);
      expect((await call("/api/company-settings/default-message/0", { cookie })).status, role).toBe(403);
      const patch = await call(SMS, {
        cookie,
        method: "PATCH",
        body: json({ smsText: "Hello there", customizableMessageType: 0 }),
      });
      expect(patch.status, role).toBe(403);
      const post = await call("/communication", {
        cookie,
        method: "POST",
        form: { intent: "reset", messageType: "0" },
      });
      expect(post.status, role).toBe(403);
    }
    expect((await call(LIST)).status).toBe(401);
  });

  test("prototype keys in a JSON body supply nothing", async () => {
    // Written by hand: JSON.stringify cannot write a __proto__ key.
    const hostile = (rest: string) =>
      `{"__proto__":{"messageId":${theirMessageId},"smsText":"From the prototype","companyId":1},"constructor":{"prototype":{"smsText":"From the prototype","role":3}}${rest}}`;
    const missingText = await call(SMS, {
      cookie: admin,
      method: "PATCH",
      body: hostile(`,"customizableMessageType":4`),
    });
    expect(missingText.status).toBe(400);
    expect(((await missingText.json()) as { errors: Record<string, string> }).errors).toEqual({
      smsText: "Text Message is required",
    });
    const saved = await call(SMS, {
      cookie: admin,
      method: "PATCH",
      body: hostile(`,"smsText":"Our estimate is ready, {{customer_first_name}}","customizableMessageType":4`),
    });
    expect(saved.status).toBe(200);
    const data = ((await saved.json()) as { data: { messageId: number; smsText: string } }).data;
    expect(data.messageId).not.toBe(theirMessageId);
    expect(data.smsText).toBe("Our estimate is ready, {{customer_first_name}}");
    expect(await theirJobScheduledText()).toMatchObject({ smsText: "Only ours, {{customer_first_name}}" });
    const fieldTech = await call(SMS, {
      cookie: await liveSessionCookie("field tech"),
      method: "PATCH",
      body: hostile(`,"smsText":"Hello there","customizableMessageType":0`),
    });
    expect(fieldTech.status).toBe(403);
    // Put the demo company's estimate message back as it was.
    await call("/communication", { cookie: admin, method: "POST", form: { intent: "reset", messageType: "4" } });
  });
  test("a company whose plan lacks customized messages is refused", async () => {
    const superAdmin = await liveSessionCookie("super admin");
    const here = `/admin-panel/company-details/${owner.companyId}`;
    const page = await (await call(here, { cookie: superAdmin })).text();
    const starter = /<option value="(\d+)">Starter/.exec(page)?.[1];
    expect(starter, "the Starter plan is offered").toBeDefined();
    const moved = await call(here, {
      cookie: superAdmin,
      method: "POST",
      form: { intent: "subscription", planId: starter!, status: "2", trialExpiration: "", expirationDate: "" },
    });
    expect(moved.status).toBe(302);
    expect((await call("/communication", { cookie: owner.cookie })).status).toBe(403);
    expect((await call(LIST, { cookie: owner.cookie })).status).toBe(403);
    const patch = await call(SMS, {
      cookie: owner.cookie,
      method: "PATCH",
      body: json({ messageId: theirMessageId, smsText: "Still allowed?", customizableMessageType: 0 }),
    });
    expect(patch.status).toBe(403);
  });
});
