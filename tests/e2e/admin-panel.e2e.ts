import { expect } from "vitest";
import { demoRecordIds, expectNoA11yViolations, forBoth, screenshot } from "./harness";

// The field tech (not the company admin) is acted as here, so that the security suite's checks of
// the company admin's log rows stay apart from these.
forBoth(
  "the super admin logs in as a user with the admin panel's button, goes back with the banner's, and reads both in the impersonation log",
  async ({ page, javaScript }) => {
    const companyId = demoRecordIds("company admin").companies;
    await page.goto(`/admin-panel/company-details/${companyId}`);
    await page.getByRole("button", { name: "Log in as Marcus Lee" }).click();
    await page.waitForURL(/\/schedule$/);
    const banner = page.getByRole("status").filter({ hasText: "You are viewing Fieldwise as Marcus Lee." });
    await banner.waitFor();

    await banner.getByRole("button", { name: "Go back to your account." }).click();
    await page.waitForURL(/\/admin-panel$/);
    await page
      .getByRole("status")
      .filter({ hasText: "You are viewing" })
      .waitFor({ state: "detached", timeout: 10_000 });
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();

    await page.getByRole("link", { name: "Impersonation Log" }).click();
    await page.waitForURL(/\/admin-panel\/impersonation-log$/);
    // With JavaScript the address changes a moment before the new screen renders.
    await page.getByRole("heading", { name: "Impersonation Log" }).waitFor();
    const rows = page.getByRole("row").filter({ hasText: "Marcus Lee" });
    const [newest, before] = [await rows.nth(0).innerText(), await rows.nth(1).innerText()];
    expect(newest).toMatch(/Sam Super as Marcus Lee[\s\S]*Logged out[\s\S]*POST \/account\/stop-impersonating/);
    expect(before).toMatch(/Sam Super as Marcus Lee[\s\S]*Logged in as[\s\S]*POST \/admin-panel\/company-details\//);
    await expectNoA11yViolations(page);
    await screenshot(page, `admin-panel-impersonation-log-${javaScript ? "js" : "nojs"}`);
  },
  { role: "super admin", width: 375, timeout: 90_000 },
);
