import { expect } from "vitest";
import { demoRecordIds, expectNoA11yViolations, forBoth, screenshot } from "./harness";

forBoth(
  "the company admin creates a job with a line item added without JavaScript, sees it listed and opens the public visit page",
  async ({ page, javaScript }) => {
    const customerId = demoRecordIds("company admin").customers;
    const title = `E2E job ${javaScript ? "js" : "nojs"} ${Date.now()}`;
    await page.goto(`/jobs/new?customerId=${customerId}`);
    await page.getByLabel("Job title").fill(title);
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Name").nth(1).waitFor();
    await page.getByLabel("Name").first().fill("Furnace tune-up");
    await page.getByLabel("Unit price ($)").first().fill("89.99");
    await page.getByLabel("Name").nth(1).fill("Filter");
    await page.getByLabel("Unit price ($)").nth(1).fill("0");
    await page.getByLabel("Start", { exact: true }).fill("2031-04-01T09:00");
    await page.getByLabel("End", { exact: true }).fill("2031-04-01T10:00");
    await screenshot(page, `jobs-new-${javaScript ? "js" : "nojs"}`);
    await page.getByRole("button", { name: "Create Job" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByRole("heading", { name: title }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `jobs-details-${javaScript ? "js" : "nojs"}`);
    await page.getByLabel("Reason").fill("Running late");
    await page.getByLabel("Notify customer").check();
    await page.getByRole("button", { name: "On my way", exact: true }).click();
    await page
      .getByRole("listitem")
      .filter({ hasText: "(Scheduled → On my way)" })
      .filter({ hasText: "— Running late" })
      .waitFor();
    await page.getByRole("button", { name: "Undo On my way" }).waitFor();
    expect(await page.getByLabel("Reason").inputValue()).toBe("");
    expect(await page.getByLabel("Notify customer").isChecked()).toBe(false);
    await page.goto(`/jobs?q=${encodeURIComponent(title.split(" ").slice(0, 3).join(" "))}`);
    await page.getByRole("link", { name: title }).waitFor();
    await screenshot(page, `jobs-list-${javaScript ? "js" : "nojs"}`);
    await page.getByRole("link", { name: title }).click();
    const href = await page.getByRole("link", { name: "Visit details" }).getAttribute("href");
    await page.goto(href!);
    await page.getByText("$89.99").first().waitFor();
    await screenshot(page, `jobs-public-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "the jobs list on a phone",
  async ({ page }) => {
    await page.goto("/jobs");
    await expectNoA11yViolations(page);
    await screenshot(page, "jobs-list-375");
  },
  { role: "company admin", width: 375 },
);

forBoth(
  "Enter in a field of a job with lines saves the job, it does not remove the first line",
  async ({ page }) => {
    const customerId = demoRecordIds("company admin").customers;
    const title = `E2E enter ${Date.now()}`;
    await page.goto(`/jobs/new?customerId=${customerId}`);
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Name").first().waitFor();
    await page.getByLabel("Name").first().fill("Drain cleaning");
    await page.getByLabel("Unit price ($)").first().fill("120");
    await page.getByLabel("Job title").fill(title);
    await page.getByLabel("Job title").press("Enter");
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByText("Drain cleaning").first().waitFor();
  },
  { role: "company admin" },
);
