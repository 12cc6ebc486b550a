// /billing and its webhook from the attacker's side, over HTTP against the built server with the demo
// data (no STRIPE_* configured): only managers reach the page's posts (field tech and office staff get
// 403), hostile bodies are refused without a 500 and change nothing, the plan editor is the super
// admin's, and the billing webhook takes nothing unsigned.
import { beforeAll, describe, expect, test } from "vitest";
import { baseUrl, liveSessionCookie, postForm } from "./harness";

let tech: string;
let office: string;
let admin: string;

beforeAll(async () => {
  [tech, office, admin] = await Promise.all([
    liveSessionCookie("field tech"),
    liveSessionCookie("office staff"),
    liveSessionCookie("company admin"),
  ]);
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("/billing posts", () => {
  test("a field tech and office staff get 403 on every intent and on the page", async () => {
    for (const cookie of [tech, office]) {
      for (const intent of ["subscribe", "changePlan", "portal"]) {
        const res = await postForm("/billing", cookie, form({ intent, planId: "1" }));
        expect(res.status).toBe(403);
        expect(await res.text()).toContain("You do not have permission to access.");
      }
      const page = await fetch(`${baseUrl()}/billing`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status).toBe(403);
    }
  });

  test("hostile bodies: unknown intents 400, odd plan ids 422, prototype keys ignored", async () => {
    expect((await postForm("/billing", admin, form({ intent: "refund" }))).status).toBe(400);
    expect((await postForm("/billing", admin, form({ intent: "__proto__" }))).status).toBe(400);
    for (const planId of ["", "abc", "-1", "0", "1e999", "99999999999", "1.5", "2147483647"]) {
      const res = await postForm("/billing", admin, form({ intent: "changePlan", planId }));
      expect(res.status, planId).toBe(422);
    }
    const proto = new URLSearchParams();
    proto.append("__proto__[intent]", "portal");
    proto.append("constructor[prototype][planId]", "1");
    proto.append("intent", "portal");
    const res = await postForm("/billing", admin, proto);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Online billing is not set up.");
  });

  test("the plan editor is the super admin's", async () => {
    for (const cookie of [tech, office, admin]) {
      const res = await postForm("/admin-panel/plans", cookie, form({ id: "1", name: "Free for all" }));
      expect(res.status).toBe(403);
    }
  });
});

describe("the billing webhook", () => {
  const send = (headers: Record<string, string>, body: string) =>
    fetch(`${baseUrl()}/api/webhooks/stripe-billing`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      redirect: "manual",
    });

  test("unsigned 400, signed while billing is offline 503, GET 405", async () => {
    const event = JSON.stringify({ id: "evt_forged", type: "customer.subscription.updated", data: { object: {} } });
    expect((await send({}, event)).status).toBe(400);
    expect((await send({ "Stripe-Signature": "t=1,v1=forged" }, event)).status).toBe(503);
    const get = await fetch(`${baseUrl()}/api/webhooks/stripe-billing`, { redirect: "manual" });
    expect(get.status).toBe(405);
  });
});
