import { expect } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth } from "./harness";

/*
 * /billing on the suite's server, which has no STRIPE_* at all: the demo company's trial, the plans
 * of each billing period (a link, so it works without JavaScript) and the offline notice, with no
 * Checkout button.
 */
forBoth(
  "billing: the trial, the plans by period and the notice that online billing is off",
  async ({ page }) => {
    await page.goto(`${baseUrl()}/billing`);
    await page.getByRole("heading", { name: "Billing", level: 1 }).waitFor();
    await page.getByText(/^\d+ days? left in your free trial \(ends /).waitFor();
    expect(await page.locator("dd", { hasText: /^Free trial$/ }).count()).toBe(1);
    await page.getByText("Online billing is not set up.").waitFor();
    const plans = page.locator("li.card h3");
    expect(await plans.allTextContents()).toEqual(["Starter", "Growth", "Pro (current plan)"]);
    expect(await page.getByText("$29.00").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Subscribe" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Manage payment method and invoices" }).count()).toBe(0);
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Yearly" }).click();
    await page.waitForURL(/\/billing\?period=yearly$/);
    await page.getByText("billed yearly ($288.00)").waitFor();
    expect(await page.getByRole("link", { name: "Yearly" }).getAttribute("aria-current")).toBe("page");
  },
  { role: "company admin" },
);
