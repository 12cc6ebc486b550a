import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { baseUrl, demoRecordIds, expectNoA11yViolations, newPage, screenshot, signIn } from "./harness";
import { usePaymentsWorld } from "./payments-setup";

/*
 * Saved cards on the customer page with JavaScript off: on a server of this file's own whose Stripe is
 * a local server, the office sends the add-card link, the customer saves a card through it (Stripe's
 * setup page and webhook), the card shows with its brand, last 4 and expiry, and Remove forgets it. On
 * the suite's server (no STRIPE_* at all) the section says plainly that card payments are not set up.
 */
const world = usePaymentsWorld();

async function signInOwn(page: Page) {
  const [name, ...value] = world.admin.cookie.split("=");
  await page.context().addCookies([{ name, value: value.join("="), url: world.server.baseUrl, httpOnly: true }]);
}

async function newCustomer(email: string) {
  const created = await fetch(`${world.server.baseUrl}/api/customers/create`, {
    method: "POST",
    headers: { Cookie: world.admin.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Carla", lastName: "Card", email }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { customerId: number }).customerId;
}

test("send the add-card link, save a card through it, see it and remove it (JavaScript off)", async () => {
  const customerId = await newCustomer("carla@example.com");
  const page = await newPage({ javaScript: false });
  await signInOwn(page);
  const profile = `${world.server.baseUrl}/customers/${customerId}`;
  await page.goto(profile);
  const section = page.getByRole("region", { name: "Saved cards" });
  await section.getByText("No saved cards.").waitFor();
  const link = await section.getByRole("textbox", { name: "Add-card link" }).inputValue();
  expect(link).toMatch(new RegExp(`/add-card-mobile/${customerId}/${world.accountId}\\?token=\\d+\\.`));

  await section.getByRole("radio", { name: "Email" }).check();
  await section.getByRole("button", { name: "Send add-card link" }).click();
  await page.getByText("Add-card link sent").waitFor();
  await expectNoA11yViolations(page);
  await screenshot(page, "saved-cards-link-sent");

  // the customer opens the link: Stripe's setup page, then the webhook stores the card
  const opened = await fetch(link.replace(/^https?:\/\/[^/]+/, world.server.baseUrl), { redirect: "manual" });
  expect(opened.status).toBe(303);
  const sessionId = opened.headers.get("Location")!.split("/").pop()!;
  const intent = world.stripe.completeSetupSession(sessionId);
  const stored = await world.stripe.deliver(
    `${world.server.baseUrl}/api/webhooks/stripe`,
    world.stripe.event("setup_intent.succeeded", intent, world.accountId),
  );
  expect(stored.status).toBe(200);

  await page.goto(profile);
  await section.getByText(/^Visa ending in 4242, expires \d{2}\/\d{4}$/).waitFor();
  await screenshot(page, "saved-cards-listed");
  await section.getByRole("button", { name: "Remove Visa ending in 4242" }).click();
  await page.getByText("Card removed").waitFor();
  await section.getByText("No saved cards.").waitFor();
});

test("a customer without an email: sending by email says so under the form (JavaScript off)", async () => {
  const created = await fetch(`${world.server.baseUrl}/api/customers/create`, {
    method: "POST",
    headers: { Cookie: world.admin.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Nora", lastName: "Nomail" }),
  });
  expect(created.status).toBe(201);
  const customerId = ((await created.json()) as { customerId: number }).customerId;
  const page = await newPage({ javaScript: false, phone: true });
  await signInOwn(page);
  await page.goto(`${world.server.baseUrl}/customers/${customerId}`);
  const section = page.getByRole("region", { name: "Saved cards" });
  await section.getByRole("radio", { name: "Email" }).check();
  await section.getByRole("button", { name: "Send add-card link" }).click();
  await section.getByRole("alert").filter({ hasText: "The customer has no email address" }).waitFor();
});

test("without Stripe the section says card payments are not set up", async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  await page.goto(`${baseUrl()}/customers/${demoRecordIds("company admin").customers}`);
  const section = page.getByRole("region", { name: "Saved cards" });
  await section.getByText("Card payments are not set up: cards cannot be saved or charged.").waitFor();
  expect(await section.getByRole("button", { name: "Send add-card link" }).count()).toBe(0);
});
