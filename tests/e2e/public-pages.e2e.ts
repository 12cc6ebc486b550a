import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import {
  baseUrl,
  demoRecordIds,
  expectNoA11yViolations,
  liveSessionCookie,
  newPage,
  PHONE_WIDTH,
  screenshot,
} from "./harness";

/*
 * Public pages ship no JavaScript (handle.hydrate on the public layout, docs/decisions): the visit
 * page a customer opens on a phone is HTML, CSS and fonts only, under 60 KB on the wire. Sizes
 * are measured, never timings.
 */

const BUDGET = 60_000;
let visitPath: string;

beforeAll(async () => {
  // The visit link a company admin sees on a demo job.
  const cookie = await liveSessionCookie("company admin");
  const html = await (
    await fetch(`${baseUrl()}/jobs/${demoRecordIds("company admin").jobs}`, { headers: { Cookie: cookie } })
  ).text();
  const token = /\/service-visit-details\/([A-Za-z0-9_-]+)/.exec(html)?.[1];
  if (!token) throw new Error("No visit details link on the demo job's page");
  visitPath = `/service-visit-details/${token}`;
});

/** Every response of the page's load, with the bytes that crossed the network (headers and body, as sent, compressed). */
async function transfers(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, { url: string; type: string }>();
  const sizes: { url: string; type: string; bytes: number }[] = [];
  cdp.on("Network.responseReceived", (event) =>
    byId.set(event.requestId, { url: event.response.url, type: event.type }),
  );
  cdp.on("Network.loadingFinished", (event) => {
    const response = byId.get(event.requestId);
    if (response) sizes.push({ ...response, bytes: event.encodedDataLength });
  });
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const list = sizes.map((s) => `${s.type} ${new URL(s.url).pathname} ${s.bytes} B`).join("\n");
  return { status: response?.status(), sizes, total, list };
}

test("the visit page on a phone with JavaScript on: no script, the whole transfer under 60 KB", async () => {
  const page = await newPage({ javaScript: true, phone: true });
  const { status, sizes, total, list } = await transfers(page, visitPath);
  expect(status).toBe(200);
  expect(
    sizes.filter((s) => s.type === "Script"),
    list,
  ).toEqual([]);
  expect(await page.locator("script").count()).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  expect(sizes.some((s) => s.type === "Stylesheet") && sizes.some((s) => s.type === "Font"), list).toBe(true);
  expect(total, `${total} bytes:\n${list}`).toBeLessThan(BUDGET);
  // Laid out for the phone, styled, readable.
  expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(PHONE_WIDTH);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("heading", { name: /^Your visit/ }).waitFor();
  await expectNoA11yViolations(page);
  await screenshot(page, "public-visit-phone");
});

test("a wrong visit link is a 404 page without scripts", async () => {
  const page = await newPage({ javaScript: true, phone: true });
  const { status, sizes, list } = await transfers(page, "/service-visit-details/no-such-token");
  expect(status).toBe(404);
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
  expect(
    sizes.filter((s) => s.type === "Script"),
    list,
  ).toEqual([]);
});

test("/404 and the API documentation ship no scripts", async () => {
  for (const path of ["/404", "/api-documentation"]) {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    expect(html, path).not.toMatch(/<script\b|rel="modulepreload"/);
  }
});

test("sign-in pages and signed-in pages still hydrate", async () => {
  const page = await newPage({ javaScript: true });
  await page.goto("/login");
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  const html = await (
    await fetch(`${baseUrl()}/dashboard`, { headers: { Cookie: await liveSessionCookie("company admin") } })
  ).text();
  expect(html).toMatch(/<script\b[^>]*type="module"/);
});
