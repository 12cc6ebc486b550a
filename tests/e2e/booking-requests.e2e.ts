// The whole life of a booking request in the office, JavaScript off: the Requests entry with its
// badge of new requests, the list, the details (opening marks it viewed), assigning an existing
// customer through the search, converting to a job, and the job page; at 1366 and 375 px.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoA11yViolations, newPage, screenshot, type Width } from "./harness";
import { startRequestsWorld, type RequestsWorld } from "./booking-requests-world";

let world: RequestsWorld;
let admin: string;

beforeAll(async () => {
  world = await startRequestsWorld(3);
  admin = await world.cookieOf("company admin");
}, 120_000);
afterAll(async () => world?.stop());

async function adminPage(width: Width): Promise<Page> {
  const page = await newPage({ javaScript: false, width });
  const [name, ...value] = admin.split("=");
  await page.context().addCookies([{ name, value: value.join("="), url: world.server.baseUrl }]);
  return page;
}
const at = (path: string) => `${world.server.baseUrl}${path}`;
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
const requestsEntry = (page: Page) => text(page, ".shell-nav a[href='/booking-requests']");
const newCount = async () =>
  (
    (await (await fetch(at("/api/booking-requests/new-counter"), { headers: { Cookie: admin } })).json()) as {
      count: number;
    }
  ).count;

async function firstCustomer(): Promise<{ firstName: string; lastName: string | null }> {
  const response = await fetch(at("/api/customers/page?pageSize=1"), { headers: { Cookie: admin } });
  return ((await response.json()) as { items: Array<{ firstName: string; lastName: string | null }> }).items[0];
}

describe("booking requests without JavaScript", () => {
  test("list → details → assign a customer → convert to job → the job page, with the badge counting down", async () => {
    const page = await adminPage(1366);
    await page.goto(at("/booking-requests"));
    expect(await requestsEntry(page)).toBe("Requests 3 new");
    const rows = page.getByRole("table", { name: "Booking requests" }).locator("tbody tr");
    expect(await rows.count()).toBe(3);
    expect(await rows.first().innerText()).toContain("New");
    await expectNoA11yViolations(page);
    await screenshot(page, "booking-requests-list-1366");

    const [requestId] = world.requestIds;
    await page.getByRole("link", { name: "Rosa0 Request" }).click();
    await page.waitForURL(at(`/booking-requests/${requestId}`));
    await page.getByRole("heading", { name: /Rosa0 Request\s+Viewed/ }).waitFor();
    expect(await page.getByText("Blows cold air").isVisible()).toBe(true);
    expect(await requestsEntry(page)).toBe("Requests 2 new");
    expect(await page.getByRole("listitem").filter({ hasText: "Request received" }).count()).toBe(1);
    await expectNoA11yViolations(page);
    await screenshot(page, "booking-requests-details-1366");

    const customer = await firstCustomer();
    const name = `${customer.firstName} ${customer.lastName ?? ""}`.trim();
    await page.getByRole("searchbox", { name: "Customer" }).fill(customer.firstName);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name, exact: true }).first().click();
    await page.getByRole("button", { name: `Assign to ${name}` }).click();
    await page.getByText("Request was assigned to the customer").first().waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "Assigned to a customer" }).count()).toBe(1);

    await page.getByRole("button", { name: "Convert to job" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByText("Request was converted to a job").first().waitFor();
    expect(await page.getByText("System type: Heat pump").first().isVisible()).toBe(true);
    await screenshot(page, "booking-requests-job-1366");

    await page.goto(at(`/booking-requests/${requestId}`));
    await page.getByRole("heading", { name: /Converted to job/ }).waitFor();
    expect(await page.getByRole("button", { name: "Convert to job" }).count()).toBe(0);
    expect(await page.getByRole("listitem").filter({ hasText: "Converted to job" }).count()).toBe(1);
  }, 90_000);

  test("on a 375 px phone the drawer toggle shows the count; move to past, then delete with confirmation", async () => {
    const page = await adminPage(375);
    await page.goto(at("/booking-requests"));
    const count = await newCount();
    expect(count).toBeGreaterThan(0);
    expect(await text(page, "summary[aria-label='Open navigation'] .counter")).toBe(`${count} new`);
    await screenshot(page, "booking-requests-list-375");
    const requestId = world.requestIds[1];
    await page.goto(at(`/booking-requests/${requestId}`));
    await screenshot(page, "booking-requests-details-375");
    await page.getByRole("button", { name: "Move to past" }).click();
    await page.getByText("Request was moved to past requests").first().waitFor();
    await page.goto(at("/booking-requests/past"));
    expect(await page.getByRole("link", { name: "Rosa1 Request" }).count()).toBe(1);
    await page.goto(at(`/booking-requests/${requestId}`));
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("form", { name: "Delete request" }).getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(at("/booking-requests"));
    await page.getByText("Request was deleted successfully!").first().waitFor();
    expect((await fetch(at(`/booking-requests/${requestId}`), { headers: { Cookie: admin } })).status).toBe(404);
  }, 90_000);
});

describe("booking requests with JavaScript", () => {
  test("the badge follows a change made elsewhere, live (SendNewBookingRequestCounter)", async () => {
    const page = await newPage({ javaScript: true, width: 1366 });
    const [name, ...value] = admin.split("=");
    await page.context().addCookies([{ name, value: value.join("="), url: world.server.baseUrl }]);
    await page.goto(at("/booking-requests"));
    await page.waitForFunction(() => document.documentElement.dataset.realtime === "connected");
    const before = await newCount();
    expect(before).toBeGreaterThan(0);
    expect(await requestsEntry(page)).toBe(`Requests ${before} new`);
    const id = world.requestIds[2];
    const marked = await fetch(at(`/api/booking-requests/${id}/bad-request`), {
      method: "PATCH",
      headers: { Cookie: admin },
    });
    expect(marked.status).toBe(200);
    const after = await newCount();
    expect(after).toBe(before - 1);
    const expected = after ? `Requests ${after} new` : "Requests";
    await page.waitForFunction(
      (text) =>
        document.querySelector(".shell-nav a[href='/booking-requests']")?.textContent?.replace(/\s+/g, " ").trim() ===
        text,
      expected,
    );
  }, 60_000);
});
