import { expect, test } from "vitest";
import { expectNoA11yViolations, forBoth, newPage, screenshot, signIn } from "./harness";

forBoth(
  "the company admin creates a plan with two visits and sees its per-payment price",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const name = `Comfort E2E ${mode} ${Date.now()}`;
    await page.goto("/service-plans/plans-we-offer");
    await page.getByRole("link", { name: "New plan" }).click();
    await page.waitForURL(/\/service-plan\/new$/);
    await page.locator("#plan-name").fill(name);
    await page.getByLabel("Total price ($)").fill("1,200");
    await page.getByLabel("Duration").selectOption({ label: "1 year" });
    await page.getByLabel("Payment schedule").selectOption({ label: "Monthly" });
    const perPayment = page.locator("#plan-per-payment");
    if (javaScript) {
      // Live while typing: no post.
      await perPayment.getByText("$100.00").waitFor();
      await page.getByLabel("Payment schedule").selectOption({ label: "Every 3 months" });
      await perPayment.getByText("$300.00").waitFor();
      await page.getByLabel("Payment schedule").selectOption({ label: "Monthly" });
    } else {
      await page.getByRole("button", { name: "Update payments" }).click();
      await page.waitForLoadState("load");
    }
    await perPayment.getByText("$100.00").waitFor();
    expect(await perPayment.textContent()).toContain("12 payments");

    await page.getByLabel("Visits per year").selectOption("2");
    await page.getByRole("button", { name: "Update visits" }).click();
    await page.getByRole("heading", { name: "Visit 2" }).waitFor();
    // The typed values came back with the new visit block.
    expect(await page.locator("#plan-name").inputValue()).toBe(name);
    await page.locator("#plan-visits-0-visitDescription").fill("Spring AC tune-up");
    await page.locator("#plan-visits-1-visitDescription").fill("Fall furnace tune-up");
    await page.getByRole("button", { name: "Add line to visit 1" }).click();
    await page.locator("#plan-visits-0-lineItems-0-name").waitFor();
    await page.locator("#plan-visits-0-lineItems-0-name").fill("AC tune-up");
    await page.locator("#plan-visits-0-lineItems-0-unitPrice").fill("129");
    await perPayment.getByText("$100.00").waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `plans-we-offer-new-${mode}`);

    await page.getByRole("button", { name: "Create plan" }).click();
    await page.waitForURL(/\/service-plans\/plans-we-offer$/);
    await page.getByLabel("Search").fill(name);
    await page.getByRole("search", { name: "Filter plans" }).getByRole("button", { name: "Apply" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain("$100.00");
    expect(await row.textContent()).toContain("$1,200.00");
    await expectNoA11yViolations(page);

    await row.getByRole("link", { name }).click();
    await page.waitForURL(/\/service-plan\/\d+$/);
    expect(await page.locator("#plan-visits-1-visitDescription").inputValue()).toBe("Fall furnace tune-up");
    expect(await page.locator("#plan-visits-0-lineItems-0-name").inputValue()).toBe("AC tune-up");
    await perPayment.getByText("$100.00").waitFor();
  },
  { role: "company admin", timeout: 90_000 },
);

for (const width of [375, 1366] as const) {
  test(`the plans list and a plan page read at ${width}px`, { timeout: 60_000 }, async () => {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "office staff");
    await page.goto("/service-plans/plans-we-offer");
    await page.getByRole("link", { name: "Comfort Club", exact: true }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `plans-we-offer-list-${width}`);
    await page.getByRole("link", { name: "Comfort Club", exact: true }).click();
    await page.waitForURL(/\/service-plan\/\d+$/);
    await page.locator("#plan-price-table").waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `plans-we-offer-plan-${width}`);
    // Archive asks first.
    await page.getByRole("link", { name: "Archive" }).click();
    await page.getByRole("dialog").getByText("will no longer be offered").waitFor();
    await screenshot(page, `plans-we-offer-archive-${width}`);
  });
}
