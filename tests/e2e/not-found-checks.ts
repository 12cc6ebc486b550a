import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoA11yViolations, screenshot } from "./harness";

/**
 * A signed-in company admin opens `path` and gets 'Page not found' (404) inside the shell: the
 * navigation and profile menu there, one main landmark holding the error screen, 'Go Back Home' to
 * the dashboard; then the navigation still works.
 */
export async function expectNotFoundInShell(page: Page, path: string, screenshotName: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
  expect(await page.title()).toBe("Page not found | Fieldwise");
  const nav = page.getByRole("navigation", { name: "Main" });
  expect(await nav.getByRole("link", { name: "Customers" }).isVisible()).toBe(true);
  expect(await page.locator('summary[aria-label="Profile menu"]').count()).toBe(1);
  expect(await page.getByRole("main").count()).toBe(1);
  expect(await page.getByRole("main").getByRole("heading", { name: "Page not found" }).count()).toBe(1);
  // Signed in, 'Go Back Home' goes home, not to sign-up.
  expect(await page.getByRole("link", { name: "Go Back Home" }).getAttribute("href")).toBe("/dashboard");
  await expectNoA11yViolations(page);
  await screenshot(page, screenshotName);
  await nav.getByRole("link", { name: "Customers" }).click();
  await page.waitForURL(/\/customers$/);
  await page.getByRole("heading", { name: "Customers", exact: true }).first().waitFor();
  expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(0);
}
