import { beforeAll, expect, test } from "vitest";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

/*
 * The web font is preloaded on the app's pages only. A public page (a customer's link, the 404,
 * the booking form's kind) has a budget with no web font required: it gets no font preload, and
 * uses the font only through the stylesheet (font-display: swap, system fallbacks).
 */

const FONT_PRELOAD = /<link\b[^>]*rel="preload"[^>]*as="font"/;
let admin: string;
let visitPath: string;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  const html = await (
    await fetch(`${baseUrl()}/jobs/${demoRecordIds("company admin").jobs}`, { headers: { Cookie: admin } })
  ).text();
  visitPath = `/service-visit-details/${/\/service-visit-details\/([A-Za-z0-9_-]+)/.exec(html)![1]}`;
});

const documentOf = async (path: string, cookie?: string) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
};

test("public pages have no font preload, their 404 neither", async () => {
  for (const [path, status] of [
    [visitPath, 200],
    ["/service-visit-details/no-such-token-0123456789", 404],
    ["/api-documentation", 200],
    ["/404", 404],
  ] as const) {
    const page = await documentOf(path);
    expect(page.status, path).toBe(status);
    expect(page.html, path).toContain('rel="stylesheet"');
    expect(page.html, path).not.toMatch(FONT_PRELOAD);
  }
});

test("signed-in pages keep the font preload", async () => {
  for (const path of ["/dashboard", "/customers", "/no-such-page/at-all"]) {
    const page = await documentOf(path, admin);
    expect(page.html, path).toMatch(FONT_PRELOAD);
  }
});
