import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { fromFloating } from "~/models/jobs/job-recurrence";
import { expectNoA11yViolations, forBoth, newPage, screenshot, signIn, type Width } from "./harness";
import { employeesOf, pageApi, seedOnceAsAdmin } from "./seed-api";

// Estimate visits on /schedule. The demo company plans in America/New_York; the week of 2031-04-13
// is booked by no other test (schedule.e2e.ts uses March 2031).
const TZ = "America/New_York";
const WEEK = "2031-04-16";
const run = Date.now().toString(36);
const at = (wall: string) => fromFloating(new Date(`${wall}:00Z`), TZ).toISOString();

type Seeded = { customer: string; estimate: number; dragEstimate: number; officeEstimate: number; job: number };

/** A customer, three estimate visits and a job in the test week, through the JSON API as the company admin. */
async function seed(page: Page): Promise<Seeded> {
  const { by } = await employeesOf(page);
  const customer = `Quinn ${run}`;
  const { customerId } = await pageApi<{ customerId: number }>(page, "post", "/api/customers/create", {
    firstName: "Quinn",
    lastName: run,
    addresses: [{ location: "8 Birch Rd, Springfield" }],
  });
  const estimate = async (start: string, end: string, employeeIds: number[], name: string) =>
    (
      await pageApi<{ data: { id: number } }>(page, "post", "/api/estimates", {
        customerId,
        startTime: at(start),
        endTime: at(end),
        timezone: TZ,
        employeeIds,
        name,
        options: [{ name: "Option 1", lineItems: [{ name: "Site visit", unitPrice: "0" }] }],
      })
    ).data.id;
  const job = (
    await pageApi<{ data: { id: number } }>(page, "post", "/api/jobs", {
      customerId,
      startTime: at("2031-04-15T08:00"),
      endTime: at("2031-04-15T09:30"),
      timezone: TZ,
      employeeIds: [by("Marcus")],
      lineItems: [{ name: "Furnace tune-up", unitPrice: "89" }],
    })
  ).data.id;
  return {
    customer,
    job,
    estimate: await estimate("2031-04-15T10:00", "2031-04-15T11:00", [by("Marcus")], `Roof look ${run}`),
    dragEstimate: await estimate("2031-04-16T13:00", "2031-04-16T14:00", [by("Olivia")], `Move me ${run}`),
    officeEstimate: await estimate("2031-04-17T09:00", "2031-04-17T10:00", [by("Olivia")], `Office ${run}`),
  };
}

const seedOnce = seedOnceAsAdmin(seed);

const estimateBlock = (page: Page, id: number) => page.locator(`.visit[data-kind="estimate"][data-visit-id="${id}"]`);

forBoth(
  "an estimate visit shows on the week, day and month views, labelled, and opens the estimate",
  async ({ page, javaScript }) => {
    const data = await seedOnce();
    await page.goto(`/schedule?view=week&date=${WEEK}`);
    if (javaScript) await page.locator(".schedule-island[data-interactive]").waitFor();
    const tuesday = page.getByRole("group", { name: "Tuesday, Apr 15", exact: true });
    const block = tuesday.locator(`.visit[data-kind="estimate"][data-visit-id="${data.estimate}"]`);
    expect(await block.count()).toBe(1);
    const text = (await block.textContent())!;
    for (const part of [
      "Estimate",
      data.customer,
      "10:00 am – 11:00 am",
      `Roof look ${run}`,
      "Scheduled",
      "8 Birch Rd, Springfield",
    ])
      expect(text).toContain(part);
    // The job of the same day is still drawn as a job (its own page).
    expect(
      await page.locator(`.visit:not([data-kind])[data-visit-id="${data.job}"] a`).first().getAttribute("href"),
    ).toBe(`/jobs/${data.job}`);
    expect(await block.getByRole("link", { name: /^Reschedule estimate/ }).getAttribute("href")).toBe(
      `/estimates/${data.estimate}/schedule`,
    );

    await page.goto(`/schedule?view=day&date=2031-04-15`);
    expect(
      await page
        .getByRole("group", { name: "Marcus Lee", exact: true })
        .locator(`.visit[data-kind="estimate"][data-visit-id="${data.estimate}"]`)
        .count(),
    ).toBe(1);
    await page.goto(`/schedule?view=month&date=${WEEK}`);
    const cell = page.getByRole("group", { name: "Tuesday, Apr 15", exact: true });
    expect(await cell.locator(`.visit[data-kind="estimate"]`).first().textContent()).toContain("Estimate");
    if (javaScript) await page.locator(".schedule-island[data-interactive]").waitFor();

    await estimateBlock(page, data.estimate).locator("a").first().click();
    await page.waitForURL(new RegExp(`/estimates/${data.estimate}$`));
    // The estimate page (rendered client-side with JavaScript) names the estimate.
    await page.getByText(`Roof look ${run}`).first().waitFor();
  },
  { role: "company admin" },
);

test("JavaScript on: dragging an estimate visit to another day reschedules the estimate", async () => {
  const data = await seedOnce();
  const page = await newPage({ javaScript: true });
  await signIn(page, "company admin");
  await page.goto(`/schedule?view=week&date=${WEEK}`);
  await page.locator(".schedule-island[data-interactive]").waitFor();
  const block = await estimateBlock(page, data.dragEstimate).boundingBox();
  const column = await page.locator(`[data-drop-column][data-date="2031-04-18"]`).first().boundingBox();
  if (!block || !column) throw new Error("estimate or column not on screen");
  const x = block.x + block.width / 2;
  const y = block.y + 8;
  const saved = page.waitForResponse((r) => r.url().includes("/schedule?index") && r.request().method() === "POST");
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + ((column.x + column.width / 2 - x) * i) / 8, y);
  await page.mouse.up();
  // A fetcher answers a redirect (the saved move) with 204 and X-Remix-Redirect; a refused move is a 400.
  expect((await saved).status()).toBeLessThan(300);
  await page.waitForLoadState("networkidle");
  await page.reload();
  expect(await estimateBlock(page, data.dragEstimate).getAttribute("data-start")).toBe("2031-04-18T13:00");
  const stored = await pageApi<{ data: { startTime: string; status: number } }>(
    page,
    "get",
    `/api/estimates/${data.dragEstimate}`,
  );
  expect(new Date(stored.data.startTime).toISOString()).toBe(at("2031-04-18T13:00"));
  expect(stored.data.status).toBe(0);
});

test("the field tech sees only the estimate visits assigned to them", async () => {
  const data = await seedOnce();
  const page = await newPage({ javaScript: false });
  await signIn(page, "field tech");
  await page.goto(`/schedule?view=week&date=${WEEK}`);
  expect(await estimateBlock(page, data.estimate).count()).toBe(1);
  expect(await estimateBlock(page, data.officeEstimate).count()).toBe(0);
  expect(await page.locator(`.visit[data-kind="estimate"]`).count()).toBe(1);
});

test("screenshots of estimate visits at 375px and 1366px, readable and accessible", async () => {
  await seedOnce();
  for (const width of [375, 1366] as Width[]) {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "company admin");
    for (const view of ["week", "day", "month"]) {
      await page.goto(`/schedule?view=${view}&date=${view === "day" ? "2031-04-15" : WEEK}`);
      await page.locator(".schedule-island[data-interactive]").waitFor();
      await screenshot(page, `schedule-estimates-${view}-${width}`);
    }
    await page.goto(`/schedule?view=week&date=${WEEK}`);
    await expectNoA11yViolations(page);
  }
});
