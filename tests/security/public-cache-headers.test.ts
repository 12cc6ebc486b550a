// The customer's token pages over HTTP against the built server with the demo data: the HTML
// document itself (not only its data requests) answers `Cache-Control: private, no-store` and
// `X-Robots-Tag: noindex`, and so does the 404 of a wrong token. Remix applies a route's headers to
// the document only through its `headers` export (and a thrown 404 renders in the public layout).
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf } from "./cross-company";
import { demoRecordIds, liveSessionCookie } from "./harness";

let admin: string;
let visitToken: string;
let invoice: { number: number; token: string };
let estimateToken: string;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  const ids = demoRecordIds("company admin");
  const jobPage = await (await call(`/jobs/${ids.jobs}`, { cookie: admin })).text();
  visitToken = /\/service-visit-details\/([A-Za-z0-9_-]+)/.exec(jobPage)![1];

  const created = await call("/api/invoices", {
    cookie: admin,
    method: "POST",
    body: {
      customerId: ids.customers,
      taxRate: 0,
      discount: 0,
      lineItems: [{ name: "Furnace tune-up", quantity: 1, unitPrice: 120 }],
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { number, publicToken } = await dataOf<{ number: number; publicToken: string }>(created);
  invoice = { number, token: publicToken };

  const estimate = await call("/api/estimates", {
    cookie: admin,
    method: "POST",
    body: { customerId: ids.customers, options: [{ name: "Basic", lineItems: [{ name: "Visit", unitPrice: 50 }] }] },
  });
  expect(estimate.status, await estimate.clone().text()).toBe(201);
  const { id } = await dataOf<{ id: number }>(estimate);
  const sent = await call(`/api/estimates/${id}/send`, {
    cookie: admin,
    method: "POST",
    body: { notificationType: 2, notificationEmail: "customer@example.com" },
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  estimateToken = /\/estimate-details\/([A-Za-z0-9_-]+)$/.exec((await dataOf<{ link: string }>(sent)).link)![1];
});

/** A visitor's request of the page's HTML document (no `_data`). */
async function documentOf(path: string) {
  const response = await call(path);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body };
}

function expectPrivate(headers: Headers, path: string) {
  expect(headers.get("Cache-Control"), path).toBe("private, no-store");
  expect(headers.get("X-Robots-Tag"), path).toBe("noindex");
}

describe("a token page's HTML document", () => {
  test("answers private, no-store and noindex", async () => {
    const pages = [
      `/service-visit-details/${visitToken}`,
      `/invoice-details/${invoice.token}`,
      `/estimate-details/${estimateToken}`,
      `/paymentSucceeded/${invoice.number}?token=${invoice.token}`,
      `/paymentFailed/${invoice.number}?token=${invoice.token}`,
      "/paymentMessage/link-invalid",
      "/success-add-card-mobile",
    ];
    for (const path of pages) {
      const page = await documentOf(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expectPrivate(page.headers, path);
    }
  });

  test("a wrong token's 404 page answers them too", async () => {
    const pages = [
      "/service-visit-details/no-such-token-0123456789",
      "/invoice-details/no-such-token-0123456789",
      "/estimate-details/no-such-token-0123456789",
      "/service-plan-details/no-such-token-0123456789",
      `/paymentSucceeded/${invoice.number}?token=no-such-token`,
      `/paymentFailed/${invoice.number}`,
      "/paymentMessage/no-such-message",
    ];
    for (const path of pages) {
      const page = await documentOf(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(page.body, path).toContain("Page not found");
      expectPrivate(page.headers, path);
    }
  });

  test("the links that only redirect carry them on the redirect", async () => {
    for (const path of ["/redirect-to-stripe/cs_test_000000000000/acct_none0001", "/add-card-mobile/1/acct_none0001"]) {
      const page = await documentOf(path);
      expect(page.status, path).toBe(303);
      expect(page.headers.get("Location"), path).toMatch(/^\/paymentMessage\//);
      expectPrivate(page.headers, path);
    }
  });
});
