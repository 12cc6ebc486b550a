import { expect, test } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth, screenshot } from "./harness";

// The harness itself: the server runs, sessions work, errors and accessibility are checked.
test("the server answers an unknown path of a visitor with the sign-in redirect", async () => {
  const response = await fetch(`${baseUrl()}/no-such-page`, { redirect: "manual" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fno-such-page");
});

forBoth(
  "a signed-in company admin sees the dashboard",
  async ({ page, javaScript }) => {
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Welcome, Dana" }).isVisible()).resolves.toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, `harness-dashboard-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin" },
);

test("every response carries the security headers, with a fresh script nonce that the page's scripts use", async () => {
  const first = await fetch(`${baseUrl()}/login`);
  const second = await fetch(`${baseUrl()}/login`);
  const html = await first.text();
  const policy = first.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toMatch(/<script(?![^>]*nonce=)[^>]*>/);
  // Each answer carries its own nonce.
  const secondNonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
  const secondHtml = await second.text();
  expect(secondHtml).toContain(`nonce="${secondNonce}"`);
  expect(secondHtml).not.toContain(nonce);
  expect(secondHtml.replaceAll(secondNonce!, "N")).toBe(html.replaceAll(nonce!, "N"));
  expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(first.headers.get("x-powered-by")).toBeNull();
});

test("pages are compressed for clients that accept it (brotli first), and sent plain to those that do not", async () => {
  const zipped = await fetch(`${baseUrl()}/login`, { headers: { "Accept-Encoding": "gzip" } });
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
  expect(await zipped.text()).toContain("<title>Sign in | Fieldwise</title>");
  const brotli = await fetch(`${baseUrl()}/login`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(brotli.headers.get("content-encoding")).toBe("br");
  expect(await brotli.text()).toContain("<title>Sign in | Fieldwise</title>");
  const plain = await fetch(`${baseUrl()}/login`, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toContain("<title>Sign in | Fieldwise</title>");
});
