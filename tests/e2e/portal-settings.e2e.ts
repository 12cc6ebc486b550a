// The customer portal's settings page and its sign-in pages in a browser, JavaScript off and on. A company
// of its own (signed up through the API) so the demo company stays as seeded.
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { call, signUpOwner } from "../security/cross-company";
import { baseUrl, expectNoA11yViolations, newPage, screenshot } from "./harness";
import { ownerPage } from "./owner-page";

let cookie: string;

beforeAll(async () => {
  cookie = await signUpOwner({ name: "Portalset", phoneNumber: "+17045550192" });
  const customer = await call("/api/customers/create", {
    cookie,
    method: "POST",
    body: { firstName: "Paula", lastName: "Portal", email: `paula-${Date.now()}@example.com` },
  });
  expect(customer.status, await customer.clone().text()).toBeLessThan(300);
});

const portalOn = (page: Page) => page.getByLabel("The customer portal is on: customers can sign in");

test(
  "without JavaScript: refuses a bad colour, saves the settings, and the sign-in page answers",
  { timeout: 120_000 },
  async () => {
    const page = await ownerPage(cookie, false);
    await page.goto("/customer-portal");
    await page.getByRole("heading", { name: "Customer portal", level: 1 }).waitFor();
    expect(await portalOn(page).isChecked()).toBe(false);
    expect(await page.getByLabel("Approve or decline estimates").isChecked()).toBe(true);
    expect(await page.getByLabel("Save and remove payment cards").isChecked()).toBe(false);
    const signInUrl = await page.getByLabel("Sign-in address").inputValue();
    expect(signInUrl).toMatch(new RegExp(`^${baseUrl()}/portal/\\d+/sign-in$`));
    expect(await page.getByText("The portal is off: this address answers 'not found'").count()).toBe(1);

    await portalOn(page).check();
    await page.getByLabel("Pay invoices online").uncheck();
    await page.getByLabel("Accent colour").fill("green");
    await page.getByLabel("Welcome message").fill("Glad to see you.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Enter a colour such as #1a73e8").waitFor();
    expect(await page.getByLabel("Welcome message").inputValue()).toBe("Glad to see you.");
    expect(await portalOn(page).isChecked()).toBe(true);
    expect(await page.getByLabel("Pay invoices online").isChecked()).toBe(false);
    await expectNoA11yViolations(page);

    await page.getByLabel("Accent colour").fill("#0B6E4F");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL(/\/customer-portal$/);
    await page.getByText("Customer portal settings saved").first().waitFor();
    expect(await portalOn(page).isChecked()).toBe(true);
    expect(await page.getByLabel("Pay invoices online").isChecked()).toBe(false);
    expect(await page.getByLabel("Accent colour").inputValue()).toBe("#0b6e4f");
    expect(await page.getByLabel("Welcome message").inputValue()).toBe("Glad to see you.");
    await expectNoA11yViolations(page);
    await screenshot(page, "portal-settings-1366-nojs");

    // The customer's side: the shared address, an unknown email gets the same answer as a known one.
    const visitor = await newPage({ javaScript: false, width: 375 });
    await visitor.goto(signInUrl);
    await visitor.getByRole("heading", { name: "Sign in to your customer portal" }).waitFor();
    await visitor.getByLabel("Email or phone number").fill("nobody@example.com");
    await visitor.getByRole("button", { name: "Send me a link" }).click();
    await visitor.getByText("If we know this address, a link is on its way").waitFor();
    await expectNoA11yViolations(visitor);
    await screenshot(visitor, "portal-sign-in-375-nojs");
    await visitor.getByLabel("Email or phone number").fill("12");
    await visitor.getByRole("button", { name: "Send me a link" }).click();
    await visitor.getByText("Enter an email address or a US or Canadian phone number").waitFor();

    // A link that does not work tells so and offers nothing to sign in with.
    const stale = await visitor.goto(`${baseUrl()}/portal/sign-in/${"x".repeat(43)}`);
    expect(stale?.status()).toBe(404);
    await visitor.getByRole("heading", { name: "This link has expired or was already used" }).waitFor();
    await expectNoA11yViolations(visitor);
  },
);

test(
  "with JavaScript: the copy button, turning the portal off, and the customer page's link button",
  { timeout: 120_000 },
  async () => {
    const page = await ownerPage(cookie, true, 375);
    await page.goto("/customer-portal");
    await page.getByRole("heading", { name: "Customer portal", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Copy link" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, "portal-settings-375-js");

    await page.goto("/customers");
    await page
      .getByRole("link", { name: /Paula Portal/ })
      .first()
      .click();
    await page.getByRole("heading", { name: /Paula Portal/, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Email portal link" }).click();
    await page.getByText("The portal link was sent").first().waitFor();

    await page.goto("/customer-portal");
    await portalOn(page).uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Customer portal settings saved").first().waitFor();
    expect(await portalOn(page).isChecked()).toBe(false);
    const signInUrl = await page.getByLabel("Sign-in address").inputValue();
    const answer = await fetch(signInUrl, { redirect: "manual" });
    expect(answer.status).toBe(404);

    await page.goto("/customers");
    await page
      .getByRole("link", { name: /Paula Portal/ })
      .first()
      .click();
    await page.getByRole("heading", { name: /Paula Portal/, level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Email portal link" }).count()).toBe(0);
  },
);
