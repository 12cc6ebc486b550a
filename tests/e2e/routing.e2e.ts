import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fromFloating } from "~/models/jobs/job-recurrence";
import { forBoth } from "./harness";
import { employeesOf, pageApi } from "./seed-api";

// The demo company plans in America/New_York; days far ahead that no other test uses, one per run.
const TZ = "America/New_York";
const run = Date.now().toString(36);
const at = (wall: string) => fromFloating(new Date(`${wall}:00Z`), TZ).toISOString();

/**
 * Marcus's day through the JSON API: a visit far east at 9:00 (arrive by 12:00), one near the
 * office at 10:30 and another east at 1:00 pm. Driving east, back and east again costs more than
 * doing the first east visit late, right before the other: the plan moves it to 11:57 am.
 */
async function seedDay(page: Page, day: string) {
  const { by } = await employeesOf(page);
  const patched = await page.request.patch("/api/company-settings/routing", {
    data: { priority: 0, startAddress: "", endAddress: "" },
  });
  expect(patched.status()).toBe(200);
  const geo = (latitude: number, longitude: number) => ({ latitude, longitude });
  const { customerId } = await pageApi<{ customerId: number }>(page, "post", "/api/customers/create", {
    firstName: "Route",
    lastName: `${run}${day.slice(-2)}`,
    addresses: [
      { location: "10 East Rd, Charlotte, NC", geoData: geo(35.23, -80.7), isBilling: true },
      { location: "20 West St, Charlotte, NC", geoData: geo(35.227, -80.85) },
      { location: "30 East Rd, Charlotte, NC", geoData: geo(35.235, -80.71) },
    ],
  });
  const customer = await pageApi<{ addresses: Array<{ id: number; location: string }> }>(
    page,
    "get",
    `/api/customers/${customerId}`,
  );
  const address = (street: string) => customer.addresses.find((a) => a.location.startsWith(street))!.id;
  const job = async (name: string, start: string, end: string, street: string, window: number) =>
    (
      await pageApi<{ data: { id: number } }>(page, "post", "/api/jobs", {
        customerId,
        customerAddressId: address(street),
        name,
        startTime: at(`${day}T${start}`),
        endTime: at(`${day}T${end}`),
        arrivalWindowOffset: window,
        timezone: TZ,
        employeeIds: [by("Marcus")],
        lineItems: [],
      })
    ).data.id;
  const eastEarly = await job(`East early ${run}`, "09:00", "10:00", "10 East", 180);
  await job(`Near office ${run}`, "10:30", "11:30", "20 West", 180);
  await job(`East late ${run}`, "13:00", "14:00", "30 East", 120);
  return { eastEarly };
}

forBoth(
  "plan a day of the demo company, apply, and the schedule shows the new time",
  async ({ page, javaScript }) => {
    const day = javaScript ? "2032-06-16" : "2032-06-15";
    const { eastEarly } = await seedDay(page, day);
    await page.goto(`/routing?date=${day}`);
    await page.getByRole("button", { name: "Plan routes" }).click();
    await page.waitForURL((url) => url.searchParams.get("plan") === "1");
    // With JavaScript the address changes before the new page renders: wait for it.
    await page.getByRole("heading", { name: "Proposed routes" }).waitFor();
    const row = page.getByRole("row", { name: new RegExp(`East early ${run}`) });
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("11:57 am – 12:57 pm");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.pathname === "/routing" && url.searchParams.get("plan") === null);
    await page.getByText("Routes applied: 1 visit moved").first().waitFor();
    const saved = await pageApi<{ data: { startTime: string } }>(page, "get", `/api/jobs/${eastEarly}`);
    expect(saved.data.startTime).toBe(at(`${day}T11:57`));
    await page.goto(`/schedule?view=day&date=${day}`);
    const block = page.locator(`.visit[data-visit-id="${eastEarly}"]`).first();
    expect(await block.getAttribute("data-start")).toBe(`${day}T11:57`);
  },
  { role: "company admin", timeout: 120_000 },
);
