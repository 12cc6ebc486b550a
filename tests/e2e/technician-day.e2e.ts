import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fromFloating } from "~/models/jobs/job-recurrence";
import { allowConsoleErrors, expectNoA11yViolations, forBoth, newPage, signIn } from "./harness";
import { employeesOf, pageApi } from "./seed-api";

// The demo company plans in America/New_York; days far ahead, one per run, so no other test's visits land on them.
const TZ = "America/New_York";
const run = Date.now().toString(36);
const at = (wall: string) => fromFloating(new Date(`${wall}:00Z`), TZ).toISOString();
const SHOTS = path.resolve(".cache/agenda-shots");

/** A customer with a phone and a property, two visits of Marcus (the field tech) and one of Olivia's, as the admin. */
async function seedDay(day: string, phone: string) {
  const page = await newPage({ javaScript: true });
  await signIn(page, "company admin");
  const { by } = await employeesOf(page);
  const lastName = `${run}${day.slice(-2)}`;
  const { customerId } = await pageApi<{ customerId: number }>(page, "post", "/api/customers/create", {
    firstName: "Agnes",
    lastName,
    mainPhoneNumber: phone,
    addresses: [{ location: "12 Oak Lane, Asheville, NC", isBilling: true }],
  });
  const customer = await pageApi<{ addresses: Array<{ id: number }> }>(page, "get", `/api/customers/${customerId}`);
  const job = async (name: string, start: string, end: string, employee: string) =>
    (
      await pageApi<{ data: { id: number } }>(page, "post", "/api/jobs", {
        customerId,
        customerAddressId: customer.addresses[0].id,
        name,
        startTime: at(`${day}T${start}`),
        endTime: at(`${day}T${end}`),
        timezone: TZ,
        employeeIds: [by(employee)],
        lineItems: [{ name: "Service call", unitPrice: "89" }],
      })
    ).data.id;
  const afternoon = await job("Thermostat swap", "13:00", "14:00", "Marcus");
  const morning = await job("Furnace check", "09:00", "10:30", "Marcus");
  await job(`Olivia's visit ${run}`, "11:00", "12:00", "Olivia");
  const moveOn = (jobId: number, status: number) =>
    page.request.put("/api/jobs/updateJobStatus", { data: { jobId, status } });
  return { customer: `Agnes ${lastName}`, morning, afternoon, moveOn, close: () => page.context().close() };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 320, height: 720 });
}

/** Closes the toast (without JavaScript it stays until dismissed, over the page's lower buttons). */
async function dismissToast(page: Page) {
  const dismiss = page.getByRole("link", { name: "Dismiss" });
  if (await dismiss.isVisible()) await dismiss.click();
  await dismiss.waitFor({ state: "hidden" });
}

forBoth(
  "a field tech's phone opens the schedule on the day's agenda and finishes the visit from the job page",
  async ({ page, javaScript }) => {
    const day = javaScript ? "2032-05-13" : "2032-05-12";
    const phone = javaScript ? "0143" : "0142";
    const seeded = await seedDay(day, `(704) 555-${phone}`);
    await page.setViewportSize({ width: 320, height: 720 });

    // No view in the URL: a phone gets the agenda of the day, not the week grid.
    await page.goto(`/schedule?date=${day}`);
    const title = javaScript ? "Thursday, May 13, 2032" : "Wednesday, May 12, 2032";
    await page.getByRole("heading", { level: 2, name: title }).waitFor();
    expect(await page.locator(".schedule-layout").isHidden()).toBe(true);
    const visits = page.getByRole("listitem").filter({ hasText: seeded.customer });
    expect(await visits.count()).toBe(2);
    expect(await visits.nth(0).innerText()).toMatch(/09:00 am – 10:30 am\s+Agnes \S+\s+Furnace check\s+Scheduled/);
    expect(await visits.nth(1).innerText()).toContain("01:00 pm – 02:00 pm");
    expect(await page.getByText(`Olivia's visit ${run}`).count()).toBe(0);
    const call = visits.nth(0).getByRole("link", { name: `Call (704) 555-${phone}` });
    expect(await call.getAttribute("href")).toBe(`tel:+1704555${phone}`);
    const map = visits.nth(0).getByRole("link", { name: /12 Oak Lane, Asheville, NC/ });
    expect(await map.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Oak%20Lane%2C%20Asheville%2C%20NC",
    );
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(320);
    await expectNoA11yViolations(page);

    // The agenda's own address (the offline copy's), and its day links.
    await page.getByRole("link", { name: "Next day" }).click();
    await page.waitForURL(/view=agenda&date=2032-05-1[34]/);
    await page.getByText("No visits on this day.").or(page.getByRole("listitem").first()).first().waitFor();
    await page.getByRole("link", { name: "Previous day", exact: true }).click();
    await page.waitForURL(new RegExp(`view=agenda&date=${day}`));
    await page.getByRole("heading", { level: 2, name: `My visits on ${title}` }).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(320);
    await expectNoA11yViolations(page);
    if (!javaScript) {
      await shot(page, "agenda");
      // Wider than a phone: the default schedule is the grid again; the agenda only when named.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, "agenda-1366.png"), fullPage: true });
      await page.goto(`/schedule?date=${day}`);
      await page.getByRole("heading", { level: 2, name: "May 9 – 15, 2032" }).waitFor();
      expect(await page.locator(".schedule-agenda").isHidden()).toBe(true);
      expect(await page.locator(".schedule-layout").isVisible()).toBe(true);
      await page.goto(`/schedule?view=agenda&date=${day}`);
      await page.setViewportSize({ width: 320, height: 720 });
    }

    // The visit opens the job.
    await page.getByRole("link", { name: seeded.customer }).first().click();
    await page.waitForURL(new RegExp(`/jobs/${seeded.morning}$`));
    await page.getByRole("heading", { level: 1, name: "Furnace check" }).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(320);

    await page.getByRole("textbox", { name: "Notes", exact: true }).fill("Gate code 4411, dog in the yard");
    await page.getByRole("button", { name: "Save notes" }).click();
    await page.getByText("Notes were saved").first().waitFor();
    await dismissToast(page);
    expect(await page.getByRole("textbox", { name: "Notes", exact: true }).inputValue()).toBe(
      "Gate code 4411, dog in the yard",
    );

    await page.getByLabel("Customer's name").fill("Agnes Customer");
    await page.getByRole("button", { name: "Save signature" }).click();
    await page.getByText("Signature was saved").first().waitFor();
    await dismissToast(page);
    await page.getByText(/^Signed by Agnes Customer on /).waitFor();

    await page.getByRole("button", { name: "On my way", exact: true }).click();
    await page.getByText("Status was changed successfully!").first().waitFor();
    await dismissToast(page);
    await page.getByRole("button", { name: "Started", exact: true }).waitFor();
    if (!javaScript) await shot(page, "job");

    // The office moves the job on while this page still shows On my way: the tech's move is refused and told.
    expect((await seeded.moveOn(seeded.morning, 3)).ok()).toBe(true);
    // The refusal is a 400 answer, which the browser logs for the form's fetch with JavaScript.
    allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
    await page.getByRole("button", { name: "Started", exact: true }).click();
    await page.getByText("This job was changed to Started while you were away. Nothing was changed.").waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(320);
    await expectNoA11yViolations(page);
    await seeded.close();
  },
  { role: "field tech", timeout: 180_000 },
);
