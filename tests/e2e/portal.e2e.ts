// The customer portal's pages in a browser with JavaScript off, on a server of this file's own
// (tests/e2e/portal-world.ts): sign in through a link, every section, request work, remove a card;
// no script on any page, under 30 KB gzipped with its stylesheets, axe clean, 375 and 1366 px.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoA11yViolations, newPage, screenshot } from "./harness";
import { startPortalWorld, type PortalWorld } from "./portal-world";

let world: PortalWorld;
let cookie: string;

beforeAll(async () => {
  world = await startPortalWorld();
  cookie = await world.signInCookie(world.links.ana[0]!);
}, 180_000);
afterAll(() => world?.stop());

const url = (path: string) => `${world.server.baseUrl}${path}`;

/** GET with the bytes as sent (gzipped) counted, as bench/run.mjs measures public documents. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding?: string; bytes: number; body: Buffer }>((resolve, reject) => {
    http
      .get(url(path), { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, encoding: res.headers["content-encoding"], bytes: body.length, body });
        });
      })
      .on("error", reject);
  });
}

/** The page's HTML and the stylesheets it links, each as sent gzipped. */
async function documentSize(path: string) {
  const page = await rawGet(path, { Cookie: cookie });
  expect(page.status, path).toBe(200);
  expect(page.encoding, path).toBe("gzip");
  const html = gunzipSync(page.body).toString("utf8");
  let total = page.bytes;
  const sheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => /\srel="stylesheet"/i.test(tag))
    .map((tag) => /\shref="([^"]*)"/i.exec(tag)![1]!);
  for (const href of new Set(sheets)) total += (await rawGet(href, {})).bytes;
  return { html, total, sheets: sheets.length };
}

const PAGES = [
  ["/portal", "Welcome, Ana"],
  ["/portal/visits", "Your visits"],
  ["/portal/estimates", "Your estimates"],
  ["/portal/invoices", "Your invoices"],
  ["/portal/service-plans", "Your service plans"],
  ["/portal/request-work", "Request work"],
  ["/portal/cards", "Your saved cards"],
] as const;

describe("the customer portal without JavaScript", () => {
  test("signing in through a link opens the portal's home", async () => {
    const page = await newPage({ javaScript: false, width: 375 });
    await page.goto(url(`/portal/sign-in/${world.links.ana[1]}`));
    // Needs the link page to keep the Origin header on its post (a Referrer-Policy of no-referrer makes
    // Chromium send "Origin: null", which the server refuses as cross-site).
    await page.getByRole("button", { name: "Continue to your portal" }).click();
    await page.waitForURL(url("/portal"));
    expect(await page.getByRole("heading", { level: 1, name: "Welcome, Ana" }).isVisible()).toBe(true);
    expect(await page.getByText("Thanks for choosing us.").isVisible()).toBe(true);
    expect(await page.getByText("Ana's upcoming tune-up").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Review and approve" }).getAttribute("href")).toBe(
      `/estimate-details/${world.ana.tokens.estimate}`,
    );
    await expectNoA11yViolations(page);
    await screenshot(page, "portal-home-375");
  });

  test("every section: its heading, no script, under 30 KB with its CSS, axe clean, at 375 and 1366 px", async () => {
    for (const width of [375, 1366] as const) {
      const page = await newPage({ javaScript: false, width });
      const [name, ...value] = cookie.split("=");
      await page.context().addCookies([{ name: name!, value: value.join("="), url: world.server.baseUrl }]);
      for (const [path, heading] of PAGES) {
        const answer = await page.goto(url(path));
        expect(answer?.status(), path).toBe(200);
        expect(await page.getByRole("heading", { level: 1, name: heading }).isVisible(), path).toBe(true);
        expect(await page.locator("script").count(), path).toBe(0);
        const html = await page.content();
        expect(html).not.toContain("Ben's");
        expect(html).not.toContain("Cara's");
        await expectNoA11yViolations(page);
        // Nothing wider than the screen: the page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        await screenshot(page, `portal${path.replace(/\//g, "-")}-${width}`);
      }
    }
    for (const [path] of PAGES) {
      const { html, total, sheets } = await documentSize(path);
      expect(sheets, path).toBe(2);
      expect(html).not.toMatch(/<script\b/);
      expect(total, path).toBeLessThan(30 * 1024);
    }
  }, 240_000);

  test("sections show the customer's records and open the public pages", async () => {
    const page = await newPage({ javaScript: false });
    const [name, ...value] = cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value.join("="), url: world.server.baseUrl }]);
    await page.goto(url("/portal/visits"));
    expect(await page.getByText("Ana's past repair").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Visit details" }).first().click();
    await page.waitForURL(/\/service-visit-details\//);
    expect(await page.getByRole("heading", { name: "Your visit: Ana's upcoming tune-up" }).isVisible()).toBe(true);

    await page.goto(url("/portal/invoices"));
    expect(await page.getByRole("link", { name: "Pay $100.00" }).getAttribute("href")).toBe(
      `/invoice-details/${world.ana.tokens.invoice}`,
    );
    expect(await page.getByRole("link", { name: "View receipt" }).getAttribute("href")).toBe(
      `/invoice-details/${world.ana.tokens.paidInvoice}`,
    );
    await page.goto(url("/portal/service-plans"));
    expect(await page.getByRole("link", { name: "Plan details" }).getAttribute("href")).toBe(
      `/service-plan-details/${world.ana.tokens.plan}`,
    );
  });

  test("request work: the form makes a booking request and confirms it", async () => {
    const page = await newPage({ javaScript: false, width: 375 });
    const [name, ...value] = cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value.join("="), url: world.server.baseUrl }]);
    await page.goto(url("/portal/request-work"));
    expect(await page.getByLabel("First Name").inputValue()).toBe("Ana");
    expect(await page.getByLabel("Address").inputValue()).toBe("12 Ana Street, Asheville, NC");
    await page.getByLabel("Service").selectOption({ label: "Tune-up ($129.00)" });
    await page.locator('input[name="startTime"]').first().check();
    await page.getByLabel("What do you need done?").fill("The heat pump rattles");
    await page.getByRole("button", { name: "Request work" }).click();
    await page.waitForURL(/\/portal\/request-work\?confirmed=/);
    expect(await page.getByRole("heading", { name: "Thank you! Your request was sent." }).isVisible()).toBe(true);
    expect(await page.getByText("Portal Heating Co will confirm your booking soon.").isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, "portal-request-sent-375");
  });

  test("remove a card: the confirmation, then the card is gone", async () => {
    const page = await newPage({ javaScript: false, width: 375 });
    const [name, ...value] = cookie.split("=");
    await page.context().addCookies([{ name: name!, value: value.join("="), url: world.server.baseUrl }]);
    await page.goto(url("/portal/cards"));
    await page.getByRole("link", { name: "Remove Visa ending in 4242" }).click();
    expect(await page.getByRole("heading", { name: "Remove this card?" }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, "portal-card-remove-375");
    await page.getByRole("button", { name: "Remove card" }).click();
    await page.waitForURL(url("/portal/cards?removed"));
    expect(await page.getByText("Card removed").isVisible()).toBe(true);
    expect(await page.getByText("You have no saved cards.").isVisible()).toBe(true);
    expect(world.stripe.requests.some((r) => r.path === `/v1/payment_methods/${world.ana.cardId}/detach`)).toBe(true);
  });

  test("sign out ends the portal session", async () => {
    const own = await world.signInCookie(world.links.ana[2]!);
    const page = await newPage({ javaScript: false });
    const [name, ...value] = own.split("=");
    await page.context().addCookies([{ name: name!, value: value.join("="), url: world.server.baseUrl }]);
    await page.goto(url("/portal"));
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForLoadState();
    const after = await fetch(url("/portal"), { headers: { Cookie: own }, redirect: "manual" });
    expect(after.status).toBe(302);
  });
});
