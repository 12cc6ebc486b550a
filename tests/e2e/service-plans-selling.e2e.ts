// Selling a service plan in the browser, JavaScript off and on: the office sends it to the customer,
// the customer opens the link, types their name and accepts, and the sold plans list shows it active.
// Screens at 375 and 1366 pixels, checked with axe.
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectNoA11yViolations, forBoth, liveSessionCookie, newPage, screenshot, signIn } from "./harness";
import { test } from "vitest";

let serial = 0;

/** An offered plan and a customer with an email, made through the API as the demo admin. */
async function planAndCustomer() {
  const cookie = await liveSessionCookie("company admin");
  const stamp = `${Date.now().toString(36)}${++serial}`;
  const headers = { Cookie: cookie, "Content-Type": "application/json" };
  const plan = await fetch(`${baseUrl()}/api/service-plans`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: `Comfort Club ${stamp}`,
      description: "Two tune-ups a year",
      visits: [
        { visitDescription: "Spring tune-up", lineItems: [{ name: "Tune-up", unitPrice: 120 }] },
        { visitDescription: "Fall check", lineItems: [{ name: "Check", unitPrice: 80 }] },
      ],
      totalPrice: 240,
      durationInYears: 1,
      paymentSchedule: 3,
      chargeMode: 1,
      invoiceTiming: 1,
    }),
  });
  expect(plan.status, await plan.clone().text()).toBe(201);
  const planId = ((await plan.json()) as { data: { id: number } }).data.id;
  const lastName = `Planholder${stamp}`;
  const customer = await fetch(`${baseUrl()}/api/customers/create`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      firstName: "Rosa",
      lastName,
      email: `rosa-${stamp}@example.com`,
      addresses: [{ location: "12 Elm St, Springfield" }],
    }),
  });
  expect(customer.status, await customer.clone().text()).toBeLessThan(300);
  return { planId, planName: `Comfort Club ${stamp}`, lastName };
}

/** The office sells the plan "send to customer" from the assign page; answers the customer's link. */
async function sellByLink(page: Page, setup: Awaited<ReturnType<typeof planAndCustomer>>, shot?: string) {
  await page.goto("/assign-service-plan");
  await page.getByRole("searchbox", { name: "Customer" }).fill(setup.lastName);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Rosa ${setup.lastName}` }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Sell a Service Plan" }).isVisible()).toBe(true);
  await page.getByLabel("Plan", { exact: true }).selectOption(String(setup.planId));
  await page.getByLabel("Send to customer").check();
  if (shot) {
    await expectNoA11yViolations(page);
    await screenshot(page, shot);
  }
  await page.getByRole("button", { name: "Sell plan" }).click();
  await page.getByRole("heading", { name: setup.planName }).waitFor();
  expect(await page.getByText("Pending", { exact: true }).first().isVisible()).toBe(true);
  const link = await page.getByRole("link", { name: "Open the customer's page" }).getAttribute("href");
  expect(link).toMatch(/\/service-plan-details\/[A-Za-z0-9_-]{24,64}$/);
  return new URL(link!).pathname;
}

forBoth(
  "sell a plan by link, the customer accepts with a typed name, the list shows it active",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const setup = await planAndCustomer();
    const customerPage = await sellByLink(page, setup, `plan-selling-assign-${mode}`);
    await screenshot(page, `plan-selling-sold-pending-${mode}`);
    await expectNoA11yViolations(page);

    const customer = await newPage({ javaScript });
    await customer.goto(customerPage);
    await customer.getByRole("heading", { name: setup.planName }).waitFor();
    expect(await customer.getByText("Spring tune-up").isVisible()).toBe(true);
    expect(await customer.getByText("$20.00 (monthly, 12 payments)").isVisible()).toBe(true);
    await expectNoA11yViolations(customer);
    await screenshot(customer, `plan-selling-public-pending-${mode}`);
    await customer.getByLabel("Your full name").fill(`Rosa ${setup.lastName}`);
    await customer.getByRole("button", { name: "Accept service plan" }).click();
    await customer.getByRole("heading", { name: "Thank you! Your service plan is active" }).waitFor();
    await expectNoA11yViolations(customer);
    await screenshot(customer, `plan-selling-public-accepted-${mode}`);

    await page.goto(`/service-plans/customer-service-plans?q=${setup.lastName}`);
    const row = page.getByRole("row", { name: new RegExp(setup.planName) });
    await row.waitFor();
    expect(await row.getByText("Active", { exact: true }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, `plan-selling-list-${mode}`);

    // The sold plan: its visit jobs, then cancel after the preview (a route-state dialog, no script needed).
    await row.getByRole("link", { name: setup.planName }).click();
    await page.getByRole("heading", { name: "Visits", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: `${setup.planName}: visit 1` }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Cancel plan" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Future visits that will be cancelled" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `plan-selling-cancel-${mode}`);
    await dialog.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByText("Cancelled", { exact: true }).first().waitFor();
    expect(await page.getByRole("link", { name: "Cancel plan" }).count()).toBe(0);
  },
  { role: "company admin", timeout: 120_000 },
);

test("the plan screens at 375 pixels (JavaScript off)", { timeout: 120_000 }, async () => {
  const setup = await planAndCustomer();
  const page = await newPage({ javaScript: false, width: 375 });
  await signIn(page, "company admin");
  const customerPage = await sellByLink(page, setup, "plan-selling-assign-375");
  await screenshot(page, "plan-selling-sold-375");
  await page.goto("/service-plans");
  await page.getByRole("heading", { name: "Service Plans" }).waitFor();
  await expectNoA11yViolations(page);
  await screenshot(page, "plan-selling-overview-375");
  await page.goto("/service-plans/customer-service-plans");
  await screenshot(page, "plan-selling-list-375");
  const customer = await newPage({ javaScript: false, width: 375 });
  await customer.goto(customerPage);
  await customer.getByRole("heading", { name: setup.planName }).waitFor();
  await expectNoA11yViolations(customer);
  await screenshot(customer, "plan-selling-public-375");
});

test("the Service Plans entry: the overview for the office, their customers' plans for a field tech", async () => {
  const entryOf = (page: Page) =>
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Service Plans" });
  const admin = await newPage({ javaScript: false });
  await signIn(admin, "company admin");
  await admin.goto("/jobs");
  expect(await entryOf(admin).getAttribute("href")).toBe("/service-plans");
  const tech = await newPage({ javaScript: false });
  await signIn(tech, "field tech");
  await tech.goto("/jobs");
  expect(await entryOf(tech).getAttribute("href")).toBe("/service-plans/customer-service-plans");
  await entryOf(tech).click();
  await tech.getByRole("heading", { name: "Customer Service Plans" }).waitFor();
  expect(await tech.getByRole("link", { name: "Plans we offer" }).count()).toBe(0);
  await expectNoA11yViolations(tech);
  await screenshot(tech, "plan-selling-tech-list");
});
