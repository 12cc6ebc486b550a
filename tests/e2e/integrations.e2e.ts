import { expect } from "vitest";
import { expectNoA11yViolations, forBoth } from "./harness";

forBoth(
  "a company admin adds a webhook endpoint, sees it listed, sends a test event and sees it in the log",
  async ({ page, javaScript }) => {
    const url = `https://hooks.example.com/${javaScript ? "on" : "off"}-${Date.now()}`;
    await page.goto("/integrations");
    await expectNoA11yViolations(page);
    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByLabel("URL").fill(url);
    await section.getByLabel("Description").fill("Our CRM");
    await section.getByRole("checkbox", { name: "invoice.paid" }).check();
    await section.getByRole("checkbox", { name: "payment.created" }).check();
    await section.getByRole("button", { name: "Add Endpoint" }).click();

    await page.getByRole("heading", { level: 1, name: new RegExp(url.replace(/[./]/g, "\\$&")) }).waitFor();
    await page.getByText("Endpoint added").first().waitFor();
    await page.getByText("Events: invoice.paid, payment.created.").waitFor();
    await page.getByText("No deliveries yet.").waitFor();

    await page.getByRole("link", { name: "Integrations" }).click();
    const row = page.getByRole("table", { name: "Webhook endpoints" }).getByRole("row", { name: new RegExp(url) });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual([
      url,
      "Our CRM",
      "invoice.paid, payment.created",
      "Enabled",
    ]);
    await row.getByRole("link", { name: url }).click();

    await page.getByRole("button", { name: "Send Test Event" }).click();
    await page.getByText("Test event queued").first().waitFor();
    const log = page.getByRole("table", { name: "Deliveries" });
    await log.getByRole("row").nth(1).waitFor();
    const cells = await log.getByRole("row").nth(1).getByRole("cell").allTextContents();
    expect(cells[0]).toMatch(/^webhook\.testevt_[0-9a-f]{32}$/);
    expect(cells[1]).toMatch(/^(Pending|Sending|Failed|Delivered)/);
    await expectNoA11yViolations(page);
  },
  { role: "company admin" },
);
