// The customer's estimate approval from the attacker's side, over HTTP against the built server with
// the demo data: the public page and POST /api/client/{token}/sign know an estimate only by its
// unguessable token (a wrong token, a number or another company's record is 404), an answer cannot
// be replayed, an option or line of another estimate (or company) is refused, prototype keys supply
// nothing, and the signature image is checked (size, data URL type, real image content).
import { beforeAll, describe, expect, test } from "vitest";
import { call, createOwnersCustomer, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

type Line = { id: number; name: string; isOptional: boolean };
type Sent = { id: number; token: string; optionIds: number[]; lines: Line[] };

let admin: string;
let owner: string;
let ownerCustomerId: number;
let demoCustomerId: number;

/** An estimate created and sent through the office API; the link's token is the customer's key. */
async function sentEstimate(cookie: string, customerId: number): Promise<Sent> {
  const created = await call("/api/estimates", {
    cookie,
    method: "POST",
    body: {
      customerId,
      options: [
        {
          name: "Basic",
          lineItems: [
            { name: "Visit", unitPrice: 50 },
            { name: "Filter", unitPrice: 20, optionalState: { isRecommended: true, isApproved: false } },
          ],
        },
        { name: "Premium", lineItems: [{ name: "Full service", unitPrice: 300 }] },
      ],
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = await dataOf<{ id: number }>(created);
  const sent = await call(`/api/estimates/${id}/send`, {
    cookie,
    method: "POST",
    body: { notificationType: 2, notificationEmail: "customer@example.com" },
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { link, status } = await dataOf<{ link: string; status: number }>(sent);
  expect(status).toBe(4);
  const token = /\/estimate-details\/([A-Za-z0-9_-]+)$/.exec(link)![1];
  const options = await dataOf<Array<{ id: number; lineItems: Line[] }>>(
    await call(`/api/estimates/${id}/options`, { cookie }),
  );
  return { id, token, optionIds: options.map((o) => o.id), lines: options.flatMap((o) => o.lineItems) };
}

const sign = (token: string, body: unknown) => call(`/api/client/${token}/sign`, { method: "POST", body });
const estimateOf = async (cookie: string, id: number) =>
  dataOf<{ status: number; approval: number; signatureName: string | null; totalCents: number }>(
    await call(`/api/estimates/${id}`, { cookie }),
  );
const filterOf = (e: Sent) => e.lines.find((l) => l.name === "Filter")!.id;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  demoCustomerId = demoRecordIds("company admin").customers;
  owner = await signUpOwner({ name: "Approvals", phoneNumber: "+17045550179" });
  ownerCustomerId = await createOwnersCustomer(owner);
});

describe("estimate approval by token", () => {
  test("a wrong or malformed token, or the estimate's id or number, is 404 on the page and the call", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const wrong = [
      "AAAAAAAAAAAAAAAAAAAAAAAA",
      e.token.slice(0, -1) + (e.token.endsWith("A") ? "B" : "A"),
      String(e.id),
      "..%2f..%2fapi",
      "x".repeat(500),
    ];
    for (const token of wrong) {
      const page = await fetch(`${baseUrl()}/estimate-details/${token}`);
      expect(page.status, token).toBe(404);
      expect(await page.text()).toContain("Page not found");
      const api = await sign(token, { optionId: e.optionIds[0], approvedLineItemIds: [], name: "Mallory" });
      expect(api.status, token).toBe(404);
      if (!token.includes("%")) expect(await api.json()).toEqual({ exceptionType: "not_found", message: "Not found" });
    }
    const page = await fetch(`${baseUrl()}/estimate-details/${e.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await estimateOf(admin, e.id)).toMatchObject({ status: 4, approval: 0 });
  });

  test("an answer is not replayed: the second approve or decline is refused and changes nothing", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const body = { optionId: e.optionIds[0], approvedLineItemIds: [filterOf(e)], name: "Grace Hopper" };
    expect((await sign(e.token, body)).status).toBe(200);
    const replay = await sign(e.token, { ...body, name: "Mallory", approvedLineItemIds: [] });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ message: "This estimate was already answered." });
    const form = new URLSearchParams({ intent: "decline", reason: "replayed" });
    const declined = await fetch(`${baseUrl()}/estimate-details/${e.token}`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(declined.status).toBe(409);
    expect(await declined.text()).toContain("This estimate was already answered.");
    expect(await estimateOf(admin, e.id)).toMatchObject({
      status: 5,
      approval: 1,
      signatureName: "Grace Hopper",
      totalCents: 7000,
    });
  });

  test("an option or line of another estimate (same company or another one), or a regular line, is refused", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const sibling = await sentEstimate(admin, demoCustomerId);
    const foreign = await sentEstimate(owner, ownerCustomerId);
    const visit = e.lines.find((l) => l.name === "Visit")!.id;
    const attempts: Array<[unknown, Record<string, string>]> = [
      [
        { optionId: sibling.optionIds[0], approvedLineItemIds: [] },
        { optionId: "Choose one of the estimate's options" },
      ],
      [
        { optionId: foreign.optionIds[0], approvedLineItemIds: [] },
        { optionId: "Choose one of the estimate's options" },
      ],
      [
        { optionId: e.optionIds[0], approvedLineItemIds: [filterOf(sibling)] },
        { approvedLineItemIds: "Only the chosen option's optional items can be approved" },
      ],
      [
        { optionId: e.optionIds[0], approvedLineItemIds: [filterOf(foreign)] },
        { approvedLineItemIds: "Only the chosen option's optional items can be approved" },
      ],
      [
        { optionId: e.optionIds[0], approvedLineItemIds: [visit] },
        { approvedLineItemIds: "Only the chosen option's optional items can be approved" },
      ],
      // The first option's optional line with the second option chosen.
      [
        { optionId: e.optionIds[1], approvedLineItemIds: [filterOf(e)] },
        { approvedLineItemIds: "Only the chosen option's optional items can be approved" },
      ],
    ];
    for (const [choice, errors] of attempts) {
      const res = await sign(e.token, { ...(choice as object), name: "Mallory" });
      expect(res.status, JSON.stringify(choice)).toBe(400);
      expect(await res.json()).toEqual({ errors });
    }
    // The foreign company's option chosen through its own token still answers only that estimate.
    expect(await estimateOf(admin, e.id)).toMatchObject({ status: 4, approval: 0 });
    expect(await estimateOf(owner, foreign.id)).toMatchObject({ status: 4, approval: 0 });
    expect((await call(`/api/estimates/${foreign.id}`, { cookie: admin })).status).toBe(404);
  });

  test("prototype keys in the body supply nothing", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const raw = `{"__proto__":{"optionId":${e.optionIds[0]},"name":"Mallory"},"constructor":{"prototype":{"optionId":${e.optionIds[0]}}},"approvedLineItemIds":[]}`;
    const res = await sign(e.token, raw);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: { optionId: "Choose an option", name: "Type your name to approve" } });
    const form = new URLSearchParams({
      intent: "approve",
      "__proto__[optionId]": String(e.optionIds[0]),
      "__proto__[name]": "Mallory",
    });
    const page = await fetch(`${baseUrl()}/estimate-details/${e.token}`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(page.status).toBe(400);
    expect(await estimateOf(admin, e.id)).toMatchObject({ status: 4, approval: 0 });
  });

  test("the signature: too large, not an image data URL, or not a readable image is refused; nothing is answered", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const base = { optionId: e.optionIds[0], approvedLineItemIds: [], name: "Grace Hopper" };
    const cases: Array<[string, Record<string, string>]> = [
      [
        `data:image/png;base64,${"A".repeat(300_000)}`,
        { signature: "The signature image is too large (at most 200 KB)" },
      ],
      [
        `data:text/html;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`,
        { signature: "The signature must be a PNG or JPEG data URL" },
      ],
      [
        `data:image/svg+xml;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
        { signature: "The signature must be a PNG or JPEG data URL" },
      ],
      ["javascript:alert(1)", { signature: "The signature must be a PNG or JPEG data URL" }],
      [
        `data:image/png;base64,${Buffer.from("<html>not a png</html>").toString("base64")}`,
        { signature: "The signature is not a readable image" },
      ],
    ];
    for (const [signature, errors] of cases) {
      const res = await sign(e.token, { ...base, signature });
      expect(res.status, signature.slice(0, 30)).toBe(400);
      expect(await res.json()).toEqual({ errors });
    }
    // Past the request size limit the body is not read at all.
    const huge = await sign(e.token, { ...base, signature: `data:image/png;base64,${"A".repeat(2_000_000)}` });
    expect(huge.status).toBe(413);
    expect(await estimateOf(admin, e.id)).toMatchObject({ status: 4, approval: 0 });
  });

  test("a cross-site form post to the page is refused", async () => {
    const e = await sentEstimate(admin, demoCustomerId);
    const res = await fetch(`${baseUrl()}/estimate-details/${e.token}`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "decline", reason: "forged" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await estimateOf(admin, e.id)).toMatchObject({ status: 4, approval: 0 });
  });
});
