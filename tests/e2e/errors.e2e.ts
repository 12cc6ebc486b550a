import { expect } from "vitest";
import { messages } from "~/utils/validation";
import { expectNoA11yViolations, forBoth, screenshot } from "./harness";

/*
 * Errors keep the shell: a 404 or 403 thrown by a page's loader shows the error screen in the
 * content area of the signed-in shell, with the navigation still there and working.
 */

forBoth(
  "a missing record answers 404 inside the shell, and the navigation still works",
  async ({ page, javaScript }) => {
    const response = await page.goto("/customers/2000000000");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    expect(await page.title()).toBe("Page not found | Fieldwise");
    // The shell: its navigation and profile menu, one main landmark holding the error screen.
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Customers" }).isVisible()).toBe(true);
    expect(await page.locator('summary[aria-label="Profile menu"]').count()).toBe(1);
    expect(await page.getByRole("main").count()).toBe(1);
    expect(await page.getByRole("main").getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    // Signed in, 'Go Back Home' goes home, not to sign-up.
    expect(await page.getByRole("link", { name: "Go Back Home" }).getAttribute("href")).toBe("/dashboard");
    await expectNoA11yViolations(page);
    await screenshot(page, `errors-404-in-shell-${javaScript ? "js" : "nojs"}`);
    await nav.getByRole("link", { name: "Customers" }).click();
    await page.waitForURL(/\/customers$/);
    await page.getByRole("heading", { name: "Customers", exact: true }).first().waitFor();
    expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(0);
  },
  { role: "company admin" },
);

forBoth(
  "a page the role may not open answers 403 inside the shell",
  async ({ page }) => {
    const response = await page.goto("/employees");
    expect(response?.status()).toBe(403);
    await page.getByRole("main").getByText(messages.forbidden).waitFor();
    expect(
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).isVisible(),
    ).toBe(true);
  },
  { role: "office staff" },
);
