import { expect } from "vitest";
import { baseUrl, demoRecordIds, expectNoA11yViolations, forBoth, liveSessionCookie, screenshot } from "./harness";

/** An invoice of the demo company made through the API now: the newest "Invoice created" of the feed. */
async function newInvoice(label: string): Promise<{ id: number; number: number }> {
  const cookie = await liveSessionCookie("company admin");
  const res = await fetch(`${baseUrl()}/api/invoices`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      customerId: demoRecordIds("company admin").customers,
      lineItems: [{ name: `Activity e2e ${label}`, unitPrice: 45 }],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { data } = (await res.json()) as { data: { id: number; number: number } };
  return data;
}

forBoth(
  "the company admin filters the activity feed by event type and opens the invoice an event belongs to",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const invoice = await newInvoice(mode);
    await page.goto("/activity-feed");
    await page.getByRole("heading", { level: 1, name: "Activity Feed" }).waitFor();
    const table = page.getByRole("table", { name: "Activity, newest first" });
    expect(await table.getByRole("row").count()).toBeGreaterThan(1);
    await expectNoA11yViolations(page);
    await screenshot(page, `activity-feed-${mode}`);

    await page.getByLabel("Event type").selectOption([{ value: "invoice-26" }]);
    await page.getByRole("button", { name: "Apply" }).first().click();
    await page.waitForURL(/type=invoice-26/);
    // Other tests make invoices too: ours is among the newest, in its own row.
    const ours = table.getByRole("row").filter({ has: page.getByRole("link", { name: `Invoice #${invoice.number}` }) });
    await ours.getByRole("cell", { name: "Invoice created" }).waitFor();
    expect(await ours.locator("td[data-label='By']").textContent()).toBe("Dana Whitfield");
    // Every row is an invoice's creation.
    const events = await table.locator("tbody td[data-label='Event']").allTextContents();
    expect(new Set(events)).toEqual(new Set(["Invoice created"]));
    expect(await page.getByText("Page 1").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Clear" }).isVisible()).toBe(true);

    await ours.getByRole("link", { name: `Invoice #${invoice.number}` }).click();
    await page.waitForURL(new RegExp(`/invoices/${invoice.id}$`));
  },
  { role: "company admin" },
);

forBoth(
  "a date range that ends before it starts is a field error beside the date; an empty range says so",
  async ({ page }) => {
    await page.goto("/activity-feed?from=2031-03-05&to=2031-03-01");
    await page.getByText("The end date must be on or after the start date").waitFor();
    expect(await page.getByLabel("To").getAttribute("aria-invalid")).toBe("true");
    await page.goto("/activity-feed?from=1990-01-01&to=1990-01-31");
    await page.getByText("No activity matches these filters.").waitFor();
    expect(await page.getByRole("link", { name: "Next page" }).count()).toBe(0);
  },
  { role: "company admin" },
);

forBoth(
  "on a phone the feed shows each event as a card, and pages with previous and next",
  async ({ page, javaScript }) => {
    for (let i = 0; i < 11; i++) await newInvoice(`paging ${i}`);
    await page.goto("/activity-feed?type=invoice-26");
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("Page 2").waitFor();
    await page.getByRole("link", { name: "Previous page" }).click();
    await page.getByText("Page 1").waitFor();
    expect(page.url()).not.toMatch(/page=/);
    await page.getByLabel("Rows per page:").selectOption("25");
    if (!javaScript) await page.getByRole("navigation", { name: "Pagination" }).getByRole("button").click();
    await page.waitForURL(/pageSize=25/);
    expect(page.url()).toMatch(/type=invoice-26/);
    await expectNoA11yViolations(page);
    await screenshot(page, `activity-feed-phone-${javaScript ? "js" : "nojs"}`);
  },
  { role: "company admin", width: 375 },
);

forBoth(
  "the toolbar's activity icon leads admins to the feed; a field tech has no icon and gets 403",
  async ({ page }) => {
    await page.goto("/jobs");
    expect(await page.getByRole("link", { name: "Activity feed" }).count()).toBe(0);
    const res = await page.goto("/activity-feed");
    expect(res?.status()).toBe(403);
    await page.getByText("You do not have permission to access.").waitFor();
  },
  { role: "field tech" },
);

forBoth(
  "the company admin reaches the feed from the toolbar",
  async ({ page }) => {
    await page.goto("/jobs");
    await page.getByRole("link", { name: "Activity feed" }).click();
    await page.waitForURL(/\/activity-feed$/);
    await page.getByRole("heading", { level: 1, name: "Activity Feed" }).waitFor();
  },
  { role: "company admin" },
);
