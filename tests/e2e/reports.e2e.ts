import { expect } from "vitest";
import type { Page } from "playwright-core";
import { demoRecordIds, expectNoA11yViolations, forBoth, screenshot } from "./harness";
import { seedOnceAsAdmin } from "./seed-api";

/*
 * The server's database is shared with every other test file: the invoice this file makes is issued
 * in May 2033, a month no other test writes to, so the figures of that month are exactly its own.
 */
const MAY = "from=2033-05-01&to=2033-05-31";

const seed = seedOnceAsAdmin(async (page: Page) => {
  const customerId = demoRecordIds("company admin").customers;
  const response = await page.request.post("/invoices/new", {
    form: {
      customerId: String(customerId),
      issueDate: "2033-05-14",
      dueDate: "2033-06-13",
      "lineItems[0].name": "Report check visit",
      "lineItems[0].quantity": "1",
      "lineItems[0].unitPrice": "123.45",
      "lineItems[0].kind": "1",
      intent: "save",
    },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`invoice not created: ${response.status()} ${await response.text()}`);
});

const texts = async (page: Page, selector: string) =>
  (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());

forBoth(
  "office staff read the reports of a month: figures, help texts and the sales by period",
  async ({ page, javaScript }) => {
    await seed();
    await page.goto(`/reports?${MAY}&group=month`);
    expect(await page.getByRole("heading", { level: 1, name: "Reports" }).isVisible()).toBe(true);
    expect(await page.getByText("May 01, 2033 – May 31, 2033").isVisible()).toBe(true);
    expect(await texts(page, ".report-stat")).toEqual([
      "Invoiced $123.45 Invoice totals with tax, by issue date. Uncollectible invoices are left out.",
      "Collected $0.00 Payments received, by the day they were paid.",
      "Jobs completed 0 Jobs by the day they were last marked Finished (a change that was undone does not count; a job finished again counts once, on its last day).",
      "Average ticket $123.45 Invoiced divided by the number of invoices (1).",
      "Estimate conversion — 0 of 0 estimates first sent in the range are approved.",
    ]);
    const table = page.getByRole("table", { name: "Sales by period" });
    expect(await texts(page, ".report-table tbody tr")).toEqual(["May 2033 1 $123.45 $0.00 $0.00"]);
    expect(await table.locator("tfoot tr").innerText()).toMatch(/Total\s+1\s+\$123\.45\s+\$0\.00\s+\$0\.00/);
    expect(await page.locator('svg[data-chart="bar"]').count()).toBe(1);
    await expectNoA11yViolations(page);
    await screenshot(page, `reports-${javaScript ? "js" : "nojs"}`);

    // The filter form is a GET form: the range and grouping land in the URL.
    await page.getByLabel("From").fill("2033-05-10");
    await page.getByLabel("To").fill("2033-05-20");
    await page.getByLabel("Group by").selectOption("week");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/from=2033-05-10&to=2033-05-20&group=week/);
    await page.getByText("May 10, 2033 – May 20, 2033").waitFor();
    expect(await texts(page, ".report-table tbody tr")).toEqual([
      "Week of May 09, 2033 1 $123.45 $0.00 $0.00",
      "Week of May 16, 2033 0 $0.00 $0.00 $0.00",
    ]);
  },
  { role: "office staff", timeout: 90_000 },
);

forBoth(
  "the sales report's tabs keep the filters, and a date that is not one is reported",
  async ({ page, javaScript }) => {
    await seed();
    await page.goto(`/report-sales?${MAY}&group=month`);
    expect(await page.getByRole("heading", { level: 1, name: "Sales report" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "By employee" }).click();
    await page.waitForURL(/by=employee/);
    expect(page.url()).toContain(`${MAY}&group=month&by=employee`);
    await page.getByRole("heading", { name: "Sales by employee, May 01, 2033 – May 31, 2033" }).waitFor();
    expect(
      await page
        .getByText(
          "Each invoice's total is split evenly among the employees assigned to its job, to the cent. Invoices without a job or without employees are Unassigned.",
        )
        .isVisible(),
    ).toBe(true);
    expect(await texts(page, ".report-table tbody tr")).toEqual(["Unassigned 1 $123.45"]);
    expect(await page.locator('svg[data-chart="ranking"]').count()).toBe(1);
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "By service or item" }).click();
    await page.waitForURL(/by=item/);
    await page.getByRole("heading", { name: "Sales by service or item, May 01, 2033 – May 31, 2033" }).waitFor();
    expect(await texts(page, ".report-table tbody tr")).toEqual(["Report check visit 1 $123.45"]);

    await page.getByRole("link", { name: "By customer tag" }).click();
    await page.waitForURL(/by=tag/);
    await page
      .getByText(
        "Invoice totals by the customer's tags. A customer with two tags counts in both, so the rows may add up to more than the sales.",
      )
      .waitFor();
    await screenshot(page, `report-sales-tag-${javaScript ? "js" : "nojs"}`);

    await page.goto("/report-sales?from=2033-02-30&by=leadSource");
    expect(await page.getByText("From must be a date").isVisible()).toBe(true);
    expect(await page.getByLabel("From").getAttribute("aria-invalid")).toBe("true");
    await expectNoA11yViolations(page);
  },
  { role: "office staff", timeout: 90_000 },
);

forBoth(
  "Export CSV downloads the table of the tab",
  async ({ page }) => {
    await seed();
    await page.goto(`/report-sales?${MAY}&group=month`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sales-by-period-2033-05-01-2033-05-31.csv");
    const body = await page.request.get(`/report-sales/csv?${MAY}&group=month`);
    expect(await body.text()).toBe(
      "Period start,Period,Invoices,Invoiced,Tax,Collected\n2033-05-01,May 2033,1,123.45,0.00,0.00\n",
    );
    const byEmployee = await page.request.get(`/report-sales/csv?${MAY}&by=employee`);
    expect(byEmployee.headers()["content-disposition"]).toBe(
      'attachment; filename="sales-by-employee-2033-05-01-2033-05-31.csv"',
    );
    expect(await byEmployee.text()).toBe("Employee,Invoices,Sales\nUnassigned,1,123.45\n");
  },
  { role: "company admin" },
);

forBoth(
  "a field tech may not open the reports",
  async ({ page }) => {
    const response = await page.goto("/reports");
    expect(response?.status()).toBe(403);
    const csv = await page.request.get("/report-sales/csv");
    expect(csv.status()).toBe(403);
  },
  { role: "field tech" },
);

forBoth(
  "the reports on a phone",
  async ({ page }) => {
    await seed();
    await page.goto(`/reports?${MAY}&group=month`);
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, "reports-375");
    await page.goto(`/report-sales?${MAY}&by=employee`);
    await screenshot(page, "report-sales-375");
  },
  { role: "company admin", width: 375 },
);
