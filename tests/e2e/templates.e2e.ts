import { expect } from "vitest";
import { allowConsoleErrors, demoRecordIds, expectNoA11yViolations, forBoth, screenshot } from "./harness";

forBoth(
  "the company admin creates a job template and starts a job from it",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const name = `Furnace template ${mode} ${Date.now()}`;
    // The refused save answers 400 with its field errors; the browser logs that status.
    allowConsoleErrors(page, /status of 400/);
    await page.goto("/templates");
    await page.getByRole("link", { name: "New job template" }).click();
    await page.waitForURL(/\/templates\/job\/new$/);
    await page.getByLabel("Template name").fill(name);
    await page.getByLabel("Description", { exact: true }).fill("Annual furnace check");
    await page.getByLabel("Name", { exact: true }).first().fill("Tune-up");
    await page.getByLabel("Unit price ($)").first().fill("120");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Name", { exact: true }).nth(1).waitFor();
    // What was typed came back with the page (without JavaScript, through the server).
    expect(await page.getByLabel("Template name").inputValue()).toBe(name);
    await page.getByLabel("Name", { exact: true }).nth(1).fill("Filter");
    await page.getByLabel("Unit price ($)").nth(1).fill("abc");
    await page.getByLabel("Private notes").fill("Bring filters");
    await page.getByRole("button", { name: "Create Template" }).click();
    await page.getByText("Unit price must be a number").waitFor();
    await page.getByLabel("Unit price ($)").nth(1).fill("15.50");
    await expectNoA11yViolations(page);
    await screenshot(page, `templates-new-${mode}`);
    await page.getByRole("button", { name: "Create Template" }).click();
    await page.waitForURL(/\/templates\/\d+$/);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByText("Template was created successfully!").first().waitFor();

    await page.goto(`/templates?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `templates-list-${mode}`);

    const customerId = demoRecordIds("company admin").customers;
    await page.goto(`/jobs/new?customerId=${customerId}`);
    await page.getByLabel("Start from a template").selectOption({ label: name });
    await page.getByRole("button", { name: "Use template" }).click();
    await page.getByText(`Started from ${name}.`).waitFor();
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("Annual furnace check");
    expect(await page.getByLabel("Name", { exact: true }).nth(1).inputValue()).toBe("Filter");
    expect(await page.getByLabel("Private notes").inputValue()).toBe("Bring filters");
    await expectNoA11yViolations(page);
    await screenshot(page, `templates-start-job-${mode}`);
    await page.getByRole("button", { name: "Create Job" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByText("Filter").first().waitFor();
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "the templates list on a phone",
  async ({ page }) => {
    await page.goto("/templates?type=estimate");
    await page.getByRole("link", { name: "New estimate template" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, "templates-list-375");
  },
  { role: "company admin", width: 375 },
);

forBoth(
  "a link to a new job from a template keeps the template through the customer search",
  async ({ page }) => {
    // The demo's first template: the job template "Furnace tune-up" (app/server/seeds/forms-seed.server.ts).
    const templateId = demoRecordIds("company admin").templates;
    await page.goto(`/jobs/new?templateId=${templateId}`);
    await page.getByRole("searchbox", { name: "Customer" }).fill("a");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=a/);
    expect(page.url()).toContain(`templateId=${templateId}`);
    await page.getByRole("main").getByRole("listitem").getByRole("link").first().click();
    await page.getByText("Started from Furnace tune-up.").waitFor();
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe("Yearly furnace tune-up");
  },
  { role: "company admin" },
);
