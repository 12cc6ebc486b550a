import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth, liveSessionCookie, screenshot } from "./harness";

const FIGURES = [
  "Visits today",
  "Visits this week",
  "Revenue this month",
  "Unpaid invoices",
  "Overdue invoices",
  "Estimates awaiting an answer",
  "New booking requests",
] as const;

const figureLink = (page: Page, label: (typeof FIGURES)[number]) =>
  page.getByRole("link", { name: new RegExp(`^${label} `) });

/** The number a figure shows ("12", "$1,234.50"), or its note's count of invoices. */
async function figureValue(page: Page, label: (typeof FIGURES)[number]): Promise<string> {
  return (await figureLink(page, label).locator(".dashboard-figure-value").textContent()) ?? "";
}

/**
 * A list's total from its pager ('1-25 of 40 items'); 0 when it has no pager (an empty list). With
 * JavaScript the address changes before the list renders: its heading is awaited first.
 */
async function listTotal(page: Page, heading: string): Promise<number> {
  await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  const pager = page.getByText(/\d+-\d+ of \d+ items/);
  if (!(await pager.count())) return 0;
  return Number(/of (\d+) items/.exec((await pager.first().textContent()) ?? "")?.[1]);
}

/**
 * The figure and the list it links to count the same rows. Other test files write to the same
 * database meanwhile: a mismatch is read again (twice) before it fails.
 */
async function expectFigureMatchesList(
  page: Page,
  label: (typeof FIGURES)[number],
  heading: string,
  read: () => Promise<number>,
) {
  let seen: [number, number] = [-1, -2];
  for (let attempt = 0; attempt < 3 && seen[0] !== seen[1]; attempt++) {
    await page.goto("/dashboard");
    const figure = await read();
    const href = await figureLink(page, label).getAttribute("href");
    await figureLink(page, label).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    seen = [figure, await listTotal(page, heading)];
  }
  expect(seen[1], `${label}: the list counts what the figure says`).toBe(seen[0]);
}

forBoth(
  "the dashboard shows the company's figures and charts, each linking to the list it counts",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Welcome, Dana" }).waitFor();
    for (const label of FIGURES) expect(await figureLink(page, label).count(), label).toBe(1);

    const today = /date=(\d{4}-\d{2}-\d{2})$/.exec((await figureLink(page, "Visits today").getAttribute("href")) ?? "");
    expect(today).not.toBeNull();
    // The company's today is at most a day from UTC's.
    expect(Math.abs(Date.parse(today![1]) - Date.parse(new Date().toISOString().slice(0, 10)))).toBeLessThanOrEqual(
      86_400_000,
    );
    const hrefs = Object.fromEntries(
      await Promise.all(FIGURES.map(async (label) => [label, await figureLink(page, label).getAttribute("href")])),
    );
    expect(hrefs).toEqual({
      "Visits today": `/schedule?view=day&date=${today![1]}`,
      "Visits this week": `/schedule?view=week&date=${today![1]}`,
      "Revenue this month": "/invoices?status=2",
      "Unpaid invoices": "/invoices",
      "Overdue invoices": "/invoices?status=overdue",
      "Estimates awaiting an answer": "/estimates?status=4",
      "New booking requests": "/booking-requests",
    });
    expect(await page.getByRole("link", { name: /^\d+ not sent$/ }).getAttribute("href")).toBe("/invoices?status=0");
    expect(await page.getByRole("link", { name: /^\d+ sent$/ }).getAttribute("href")).toBe("/invoices?status=1");
    expect(await figureValue(page, "Revenue this month")).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByText(/^\$[\d,]+\.\d{2} last month/).waitFor();

    // The charts: a heading each, and their figures as a table (the text equivalent of the picture).
    for (const title of ["Visits this week", "Revenue: this month against last month", "Jobs by status"]) {
      const figure = page.getByRole("figure", { name: title });
      await figure.getByRole("heading", { level: 2, name: title }).waitFor();
      expect(await figure.locator("svg[aria-hidden='true']").count()).toBe(1);
    }
    const jobs = page.getByRole("figure", { name: "Jobs by status" });
    expect(await jobs.getByRole("row").count()).toBe(9);
    expect(await jobs.getByRole("link", { name: "Scheduled", exact: true }).getAttribute("href")).toBe(
      "/jobs?status=1",
    );
    const week = page.getByRole("figure", { name: "Visits this week" });
    expect(await week.getByRole("row").count()).toBe(8);
    const revenue = page.getByRole("figure", { name: "Revenue: this month against last month" });
    expect(await revenue.getByRole("columnheader").allTextContents()).toEqual([
      "Label",
      expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/),
      expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/),
    ]);
    // The table is out of sight until a keyboard user reaches its links.
    const scheduled = jobs.getByRole("link", { name: "Scheduled", exact: true });
    expect((await jobs.locator(".chart-data").boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await scheduled.focus();
    expect((await jobs.locator(".chart-data").boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await scheduled.blur();

    await page.getByRole("heading", { name: "Get set up" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `dashboard-1366-${mode}`);

    // Each figure's link opens the list it counts, with its filter.
    const number = (text: string) => Number(text.replace(/[^\d]/g, ""));
    await expectFigureMatchesList(page, "Estimates awaiting an answer", "Estimates", async () =>
      number(await figureValue(page, "Estimates awaiting an answer")),
    );
    await expectFigureMatchesList(page, "Overdue invoices", "Invoices", async () =>
      number((await page.getByText(/^\d+ invoices? past (its|their) due date$/).textContent())?.split(" ")[0] ?? ""),
    );
    await page.goto("/dashboard");
    await jobs.getByRole("link", { name: "Scheduled", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/jobs\?status=1$/);
    expect(await page.getByLabel("Status").inputValue()).toBe("1");
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "office staff see the dashboard on a phone-sized screen",
  async ({ page, javaScript }) => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome, Olivia" }).waitFor();
    await figureLink(page, "Visits today").waitFor();
    await page.getByRole("figure", { name: "Jobs by status" }).waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page);
    await screenshot(page, `dashboard-375-${javaScript ? "js" : "nojs"}`);
  },
  { role: "office staff", width: 375 },
);

test("a field tech does not get the dashboard", async () => {
  const response = await fetch(`${baseUrl()}/dashboard`, {
    headers: { Cookie: await liveSessionCookie("field tech") },
    redirect: "manual",
  });
  expect(response.status).not.toBe(200);
  expect(await response.text()).not.toContain("Visits this week");
});
