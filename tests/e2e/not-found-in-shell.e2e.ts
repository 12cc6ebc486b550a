import { expect, test } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth, newPage, screenshot } from "./harness";

/*
 * An unknown address: a signed-in user sees 'Page not found' (404) inside the app's shell, the
 * navigation still there and working, as a missing record does; a visitor goes to sign in (the
 * spec's public-path rule), and the public /404 page stays plain, without the shell.
 */

forBoth(
  "an unknown address for a signed-in user is a 404 inside the shell",
  async ({ page, javaScript }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    expect(await page.title()).toBe("Page not found | Fieldwise");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Customers" }).isVisible()).toBe(true);
    expect(await page.locator('summary[aria-label="Profile menu"]').count()).toBe(1);
    expect(await page.getByRole("main").count()).toBe(1);
    expect(await page.getByRole("main").getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Go Back Home" }).getAttribute("href")).toBe("/dashboard");
    await expectNoA11yViolations(page);
    await screenshot(page, `not-found-in-shell-${javaScript ? "js" : "nojs"}`);
    await nav.getByRole("link", { name: "Customers" }).click();
    await page.waitForURL(/\/customers$/);
    await page.getByRole("heading", { name: "Customers", exact: true }).first().waitFor();
    expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(0);
  },
  { role: "company admin" },
);

test("for a visitor, an unknown address goes to sign in and /404 is the plain page", async () => {
  const unknown = await fetch(`${baseUrl()}/no-such-page/at-all`, { redirect: "manual" });
  expect(unknown.status).toBe(302);
  expect(unknown.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/no-such-page/at-all")}`);

  const page = await newPage({ javaScript: false });
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
  expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Go Back Home" }).getAttribute("href")).toBe("/signup");
});
