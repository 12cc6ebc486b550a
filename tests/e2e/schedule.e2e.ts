import { copyFileSync, mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { fromFloating } from "~/models/jobs/job-recurrence";
import { expectNoA11yViolations, newPage, screenshot, signIn, type Width } from "./harness";
import { employeesOf, pageApi, seedOnceAsAdmin } from "./seed-api";

// The demo company plans in America/New_York; these weeks are far ahead so no other test's jobs land in them.
// 2031-03-09 is the spring-forward Sunday: the week view spans a 23-hour day.
const TZ = "America/New_York";
const WEEK = "2031-03-12";
const run = Date.now().toString(36);
const at = (wall: string) => fromFloating(new Date(`${wall}:00Z`), TZ).toISOString();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Series visits exist as rows up to a year ahead: the series test uses a Monday about two months out.
const SERIES_MONDAY = (() => {
  const d = new Date(Date.now() + 60 * 86_400_000);
  return day(d.getTime() + ((8 - d.getUTCDay()) % 7) * 86_400_000);
})();
const plusDays = (date: string, n: number) => day(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000);

type Seeded = {
  customer: string;
  tuesdayJob: number;
  dragJob: number;
  seriesFirst: number;
  employees: Array<{ id: number; firstName: string }>;
};

/** A customer and visits of the test weeks, made through the JSON API as the company admin. */
async function seed(page: Page): Promise<Seeded> {
  const { employees, by } = await employeesOf(page);
  const customer = `Rowan ${run}`;
  const { customerId } = await pageApi<{ customerId: number }>(page, "post", "/api/customers/create", {
    firstName: "Rowan",
    lastName: run,
    addresses: [],
  });
  const job = async (start: string, end: string, employeeIds: number[], extra: Record<string, unknown> = {}) =>
    (
      await pageApi<{ data: { id: number } }>(page, "post", "/api/jobs", {
        customerId,
        startTime: at(start),
        endTime: at(end),
        timezone: TZ,
        employeeIds,
        lineItems: [{ name: "Furnace tune-up", unitPrice: "89" }],
        ...extra,
      })
    ).data.id;
  const tuesdayJob = await job("2031-03-11T09:00", "2031-03-11T10:30", [by("Marcus")]);
  const dragJob = await job("2031-03-11T13:00", "2031-03-11T14:00", [by("Olivia")], { name: `Drag me ${run}` });
  await job("2031-03-09T01:30", "2031-03-09T03:30", [by("Marcus")], { name: "Night call" });
  await job("2031-03-12T08:00", "2031-03-12T12:00", [by("Dana"), by("Marcus")], { name: "Install heat pump" });
  await job("2031-03-12T09:00", "2031-03-12T10:00", [by("Olivia")], { name: "Estimate visit" });
  await job("2031-03-13T00:00", "2031-03-13T00:00", [by("Dana")], { isAllDay: true, name: "Training day" });
  await job("2031-03-14T15:00", "2031-03-14T17:30", [], { name: "Duct cleaning" });
  const seriesFirst = await job(`${SERIES_MONDAY}T08:00`, `${SERIES_MONDAY}T09:00`, [by("Marcus")], {
    name: `Series ${run}`,
    recurrence: { frequency: 3, interval: 1, count: 3 },
  });
  await pageApi(page, "post", "/api/jobs", {
    customerId,
    lineItems: [{ name: `Unscheduled ${run}`, unitPrice: "10" }],
  });
  return { customer, tuesdayJob, dragJob, seriesFirst, employees };
}

const seedOnce = seedOnceAsAdmin(seed);

const visit = (page: Page, id: number) => page.locator(`.visit[data-visit-id="${id}"]`).first();

test("JavaScript off: week view, navigation links, and rescheduling through the schedule screen", async () => {
  const data = await seedOnce();
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  await page.goto(`/schedule?view=week&date=${WEEK}`);
  expect(await page.getByRole("heading", { name: "Mar 9 – 15, 2031" }).isVisible()).toBe(true);
  const tuesday = page.getByRole("group", { name: "Tuesday, Mar 11", exact: true });
  expect(
    await tuesday
      .getByRole("link", { name: new RegExp(data.customer) })
      .first()
      .textContent(),
  ).toContain("09:00 am – 10:30 am");
  // The spring-forward night visit keeps its wall-clock times.
  expect(
    await page
      .getByRole("group", { name: "Sunday, Mar 9", exact: true })
      .getByRole("link", { name: /^Scheduled: .*01:30 am – 03:30 am/ })
      .count(),
  ).toBe(1);
  expect(
    await page
      .getByRole("group", { name: "Thursday, Mar 13, all day" })
      .getByRole("link", { name: new RegExp(`^Scheduled: ${data.customer} All day`) })
      .count(),
  ).toBe(1);
  expect(await page.getByRole("link", { name: new RegExp(`Schedule Rowan ${run}`) }).count()).toBeGreaterThan(0);

  await page.getByRole("link", { name: "Next week" }).click();
  await page.waitForURL(/date=2031-03-19/);
  expect(await page.getByRole("heading", { name: "Mar 16 – 22, 2031" }).isVisible()).toBe(true);
  await page.getByRole("link", { name: "Previous week" }).click();
  await page.waitForURL(/date=2031-03-12/);
  await page.getByRole("link", { name: "Day", exact: true }).click();
  await page.waitForURL(/view=day/);
  expect(await page.getByRole("heading", { name: "Wednesday, Mar 12, 2031" }).isVisible()).toBe(true);
  expect(
    await page
      .getByRole("group", { name: "Marcus Lee", exact: true })
      .getByRole("link", { name: /Install heat pump|08:00 am/ })
      .count(),
  ).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Month", exact: true }).click();
  await page.waitForURL(/view=month/);
  expect(await page.getByRole("heading", { name: "March 2031" }).isVisible()).toBe(true);
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await page.waitForURL(/view=week/);

  await visit(page, data.tuesdayJob)
    .getByRole("link", { name: /^Reschedule/ })
    .click();
  await page.waitForURL(new RegExp(`/jobs/${data.tuesdayJob}/schedule`));
  expect(await page.getByLabel("Start date").inputValue()).toBe("2031-03-11");
  expect(await page.getByRole("checkbox", { name: "Marcus Lee" }).isChecked()).toBe(true);
  await page.getByLabel("Start time").fill("02:00 pm");
  await page.getByLabel("End time").fill("bad");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForLoadState();
  expect(await page.getByText("End time must be like 09:30 am").isVisible()).toBe(true);
  expect(await page.getByLabel("Start time").inputValue()).toBe("02:00 pm");
  expect(await page.getByRole("checkbox", { name: "Marcus Lee" }).isChecked()).toBe(true);
  await page.getByLabel("End time").fill("03:30 pm");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(/\/schedule\?view=week&date=2031-03-12/);
  expect(await visit(page, data.tuesdayJob).getAttribute("data-start")).toBe("2031-03-11T14:00");
  expect(await visit(page, data.tuesdayJob).textContent()).toContain("02:00 pm – 03:30 pm");
  await expectNoA11yViolations(page);
});

/** Drags a visit block to a column at the same height (same time of day). */
async function dragTo(page: Page, id: number, date: string) {
  const block = await visit(page, id).boundingBox();
  const column = await page.locator(`[data-drop-column][data-date="${date}"]`).first().boundingBox();
  if (!block || !column) throw new Error("visit or column not on screen");
  const x = block.x + block.width / 2;
  const y = block.y + 8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + ((column.x + column.width / 2 - x) * i) / 8, y);
  await page.mouse.up();
}

test("JavaScript on: drag a visit to another day, and a series visit with the scope question; saved after reload", async () => {
  const data = await seedOnce();
  const page = await newPage({ javaScript: true });
  await signIn(page, "company admin");
  await page.goto(`/schedule?view=week&date=${WEEK}`);
  await page.locator(".schedule-island[data-interactive]").waitFor();
  const saved = page.waitForResponse((r) => r.url().includes("/schedule?index") && r.request().method() === "POST");
  await dragTo(page, data.dragJob, "2031-03-13");
  await saved;
  await page.waitForLoadState("networkidle");
  await page.reload();
  expect(await visit(page, data.dragJob).getAttribute("data-start")).toBe("2031-03-13T13:00");
  expect(
    await page
      .getByRole("group", { name: "Thursday, Mar 13", exact: true })
      .locator(`[data-visit-id="${data.dragJob}"]`)
      .count(),
  ).toBe(1);

  const tuesday = plusDays(SERIES_MONDAY, 1);
  const friday = plusDays(SERIES_MONDAY, 4);
  await page.goto(`/schedule?view=week&date=${SERIES_MONDAY}`);
  await page.locator(".schedule-island[data-interactive]").waitFor();
  const ours = (date: string) =>
    page.locator(`[data-drop-column][data-date="${date}"] .visit`, { hasText: data.customer });
  const id = Number(await ours(tuesday).first().getAttribute("data-visit-id"));
  await dragTo(page, id, friday);
  const dialog = page.getByRole("dialog", { name: "Reschedule recurring visit" });
  await dialog.waitFor();
  const moved = page.waitForResponse((r) => r.url().includes("/schedule?index") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Only this" }).click();
  await moved;
  await page.waitForLoadState("networkidle");
  await page.reload();
  expect(await visit(page, id).getAttribute("data-start")).toBe(`${friday}T08:00`);
  expect(await visit(page, data.seriesFirst).getAttribute("data-start")).toBe(`${SERIES_MONDAY}T08:00`);
  expect(await ours(tuesday).count()).toBe(0);
  expect(await ours(plusDays(SERIES_MONDAY, 2)).count()).toBe(1);
});

test("the field tech sees only their own lane and visits", async () => {
  const data = await seedOnce();
  const page = await newPage({ javaScript: false });
  await signIn(page, "field tech");
  await page.goto(`/schedule?view=day&date=2031-03-12&employees=${data.employees.map((e) => e.id).join(",")}`);
  expect(await page.getByRole("group", { name: "Marcus Lee", exact: true }).count()).toBe(1);
  expect(await page.getByRole("group", { name: "Olivia Reyes", exact: true }).count()).toBe(0);
  expect(await page.getByRole("button", { name: /Employees/ }).count()).toBe(0);
  expect(await page.locator(".visit").count()).toBe(1);
});

test("screenshots of the day, week and month views at 375px and 1366px", async () => {
  await seedOnce();
  const dir = "/tmp/shots-schedule";
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1366] as Width[]) {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "company admin");
    for (const view of ["day", "week", "month"]) {
      await page.goto(`/schedule?view=${view}&date=${WEEK}`);
      await page.locator(".schedule-island[data-interactive]").waitFor();
      const file = await screenshot(page, `schedule-${view}-${width}`);
      copyFileSync(file, `${dir}/schedule-${view}-${width}.png`);
      if (view === "month") {
        // Seven days a row at every width: Sunday and Saturday headers share a line.
        const [sunday, saturday] = await Promise.all([
          page.locator(".month-weekday").first().boundingBox(),
          page.locator(".month-weekday").last().boundingBox(),
        ]);
        expect(saturday!.y).toBe(sunday!.y);
        expect(saturday!.x).toBeGreaterThan(sunday!.x);
      }
    }
    await expectNoA11yViolations(page);
  }
});
