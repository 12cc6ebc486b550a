import { expect } from "vitest";
import { allowConsoleErrors, demoRecordIds, expectNoA11yViolations, forBoth, screenshot } from "./harness";

forBoth(
  "the company admin creates an estimate with two options and an optional line, moves its status, undoes it and deletes it",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const customerId = demoRecordIds("company admin").customers;
    const title = `E2E estimate ${mode} ${Date.now()}`;
    await page.goto(`/estimates/new?customerId=${customerId}`);
    await page.getByLabel("Estimate title").fill(title);
    // A refused save keeps what was typed and names the field (422, which the browser logs).
    allowConsoleErrors(page, /status of 422/);
    await page.getByLabel("Unit price ($)").first().fill("12");
    await page.getByRole("button", { name: "Create Estimate" }).click();
    await page.getByText("Name is required").waitFor();
    expect(await page.getByLabel("Estimate title").inputValue()).toBe(title);

    await page.getByLabel("Name", { exact: true }).first().fill("Furnace replacement");
    await page.getByLabel("Unit price ($)").first().fill("2000");
    await page.getByRole("button", { name: "Add line to option 1" }).click();
    await page.getByLabel("Name", { exact: true }).nth(1).waitFor();
    await page.getByLabel("Name", { exact: true }).nth(1).fill("Smart thermostat");
    await page.getByLabel("Unit price ($)").nth(1).fill("150");
    await page.getByLabel("Optional", { exact: true }).nth(1).check();
    await page.getByLabel("Recommended").nth(1).check();
    await page.getByRole("button", { name: "Add option", exact: true }).click();
    await page.getByRole("heading", { name: "Option 2" }).waitFor();
    await page.getByLabel("Option name").nth(1).fill("Premium");
    await page.getByLabel("Name", { exact: true }).nth(2).fill("Heat pump");
    await page.getByLabel("Unit price ($)").nth(2).fill("5000");
    await page.getByLabel("Taxable").nth(2).check();
    await page.getByLabel("Tax rate (%)").fill("10");
    await page.getByLabel("Discount ($)").fill("100");
    await screenshot(page, `estimates-new-${mode}`);
    await page.getByRole("button", { name: "Create Estimate" }).click();
    await page.waitForURL(/\/estimates\/\d+$/);
    await page.getByRole("heading", { name: new RegExp(title) }).waitFor();
    // Option 1: 2000 - 100 discount, no tax (the optional line counts once approved); Premium: 5000 - 100 + 490 tax.
    await page.getByRole("heading", { name: "Option 1" }).waitFor();
    await page.getByText("$1,900.00").first().waitFor();
    await page.getByText("$5,390.00").first().waitFor();
    await page.getByText("(Service, optional, recommended)").waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `estimates-details-${mode}`);

    await page.getByLabel("Reason").fill("Looked at the basement");
    await page.getByRole("button", { name: "Sent", exact: true }).click();
    await page
      .getByRole("listitem")
      .filter({ hasText: "(Unscheduled → Sent)" })
      .filter({ hasText: "— Looked at the basement" })
      .waitFor();
    await page.getByRole("button", { name: "Undo Sent" }).click();
    await page.getByRole("listitem").filter({ hasText: "Status change undone" }).waitFor();
    await page.getByRole("button", { name: "Sent", exact: true }).waitFor();

    await page.goto(`/estimates?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: title }).waitFor();
    await screenshot(page, `estimates-list-${mode}`);
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/estimates\/\d+$/);
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("form", { name: "Delete estimate" }).getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/estimates$/);
    await page.goto(`/estimates?q=${encodeURIComponent(title)}`);
    await page.getByText("No items").first().waitFor();
  },
  { role: "company admin", timeout: 180_000 },
);

forBoth(
  "the estimates list and the new-estimate form on a phone",
  async ({ page, javaScript }) => {
    await page.goto("/estimates");
    await expectNoA11yViolations(page);
    await screenshot(page, `estimates-list-375-${javaScript ? "js" : "nojs"}`);
    await page.goto(`/estimates/new?customerId=${demoRecordIds("company admin").customers}`);
    await expectNoA11yViolations(page);
    await screenshot(page, `estimates-new-375-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin", width: 375 },
);
