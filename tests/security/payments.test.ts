import { describe, expect, it } from "vitest";
import { usePaymentsWorld } from "../e2e/payments-setup";

/*
 * Card payments against a production server whose Stripe SDK talks to a local Stripe API: the
 * token pages show only their own invoice, the hand-off refuses sessions that are not the
 * account's, webhooks without a valid signature change nothing, and saving a card needs a signed link.
 */
const world = usePaymentsWorld();

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${world.server.baseUrl}${path}`, { redirect: "manual", ...init });
const payByCard = (path: string) =>
  get(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=payByCard",
  });

describe("the public invoice page", () => {
  it("shows only the invoice of its token, and an unknown or malformed token is a 404", async () => {
    const mine = await world.newInvoice();
    const other = await world.newInvoice();
    const html = (await (await get(mine.path)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Invoice #${mine.number}`);
    expect(html).not.toContain(`Invoice #${other.number}`);
    expect(html).toContain("Pay $150.00 by card");
    expect(html).not.toMatch(/<script\b[^>]*src=/);
    for (const path of [
      `/invoice-details/${mine.token.slice(0, -2)}xx`,
      "/invoice-details/1",
      `/invoice-details/${encodeURIComponent("' or 1=1 --")}`,
    ])
      expect((await get(path)).status).toBe(404);
    // the payment pages need the number and the token together
    expect((await get(`/paymentSucceeded/${other.number}?token=${mine.token}`)).status).toBe(404);
    expect((await get(`/paymentFailed/${mine.number}`)).status).toBe(404);
    expect((await get("/paymentMessage/__proto__")).status).toBe(404);
  });
});

describe("the hand-off to Stripe", () => {
  it("redirects only for a session of that account naming one of its invoices", async () => {
    const invoice = await world.newInvoice();
    const posted = await payByCard(invoice.path);
    expect(posted.status).toBe(303);
    const [, , sessionId, accountId] = posted.headers.get("Location")!.split("/");
    expect(accountId).toBe(world.accountId);
    const ok = await get(`/redirect-to-stripe/${sessionId}/${accountId}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(`http-equiv="refresh" content="0;url=${world.stripe.url}/c/pay/${sessionId}"`);

    // a session made on another connected account (another platform user's), and made-up ids
    const foreign = await fetch(`${world.stripe.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        Authorization: "Bearer sk_test_fieldwise0123456789abcdef",
        "Content-Type": "application/x-www-form-urlencoded",
        "Stripe-Account": "acct_someoneelse0001",
      },
      body: new URLSearchParams({ mode: "payment", success_url: "https://attacker.example/" }).toString(),
    });
    const foreignId = ((await foreign.json()) as { id?: string }).id ?? "cs_test_missing0000";
    for (const path of [
      `/redirect-to-stripe/${foreignId}/${accountId}`,
      `/redirect-to-stripe/${sessionId}/acct_someoneelse0001`,
      `/redirect-to-stripe/cs_test_000000000000/${accountId}`,
    ]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(303);
      expect(refused.headers.get("Location"), path).toBe("/paymentMessage/link-invalid");
    }
    // an encoded address in place of the session is an odd path: 404, no redirect anywhere
    const odd = await get(`/redirect-to-stripe/https:%2F%2Fattacker.example/${accountId}`);
    expect(odd.status).toBe(404);
    expect(odd.headers.get("Location")).toBeNull();
  });
});

describe("the Stripe webhook", () => {
  it("changes nothing for an unsigned, wrongly signed or tampered event", async () => {
    const invoice = await world.newInvoice();
    const posted = await payByCard(invoice.path);
    const sessionId = posted.headers.get("Location")!.split("/")[2];
    const session = world.stripe.completeSession(sessionId);
    const event = world.stripe.event("checkout.session.completed", session, world.accountId);
    const url = `${world.server.baseUrl}/api/webhooks/stripe`;
    const tampered = JSON.stringify({ ...event, data: { object: { ...session, amount_total: 100 } } });
    const answers = [
      await world.stripe.deliver(url, event, { signature: null }),
      await world.stripe.deliver(url, event, { secret: "whsec_notTheEndpointsSecret0000" }),
      await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": (await import("stripe")).default.webhooks.generateTestHeaderString({
            payload: JSON.stringify(event),
            secret: "whsec_fieldwiseTestSecret0123456789",
          }),
        },
        body: tampered,
      }),
      await world.stripe.deliver(url, event, { body: "x".repeat(300 * 1024) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 413]);
    const page = await (await get(`/paymentSucceeded/${invoice.number}?token=${invoice.token}`)).text();
    expect(page).toContain("Your payment is being confirmed");

    // the genuine event, twice: paid once
    expect((await world.stripe.deliver(url, event)).status).toBe(200);
    expect((await world.stripe.deliver(url, event)).status).toBe(200);
    const after = await (await get(invoice.path)).text();
    expect(after).toContain("This invoice is paid in full");
    const detail = await (await get(`/api/invoices/${invoice.id}`, { headers: { Cookie: world.admin.cookie } })).text();
    expect(detail).toMatch(/"paidCents":15000\b/);
  });
});

describe("saving a card", () => {
  it("refuses /add-card-mobile without a valid signed token", async () => {
    for (const query of [
      "",
      "?token=",
      "?token=9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "?token=1.x",
    ]) {
      const res = await get(`/add-card-mobile/1/${world.accountId}${query}`);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/paymentMessage/card-link-invalid");
    }
    expect(world.stripe.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(0);
  });
});

describe("the Stripe pages of a signed-in user", () => {
  it("are for manager roles only", async () => {
    expect((await get("/my-money")).status).toBe(302);
    const page = await get("/my-money", { headers: { Cookie: world.admin.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Card payments accepted");
  });
});
