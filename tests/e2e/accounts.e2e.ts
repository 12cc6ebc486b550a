import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import {
  allowConsoleErrors,
  baseUrl,
  demoLogin,
  expectNoA11yViolations,
  forBoth,
  newPage,
  screenshot,
} from "./harness";

const mode = (javaScript: boolean) => (javaScript ? "js" : "nojs");
/** With JavaScript the form posts by fetch: the 422 of a refused form is the answer under test, not a fault. */
const expectRefusals = (page: Page) => allowConsoleErrors(page, /status of 42[29]/);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

forBoth("a visitor signs up in two steps and lands on the dashboard", async ({ page, javaScript }) => {
  expectRefusals(page);
  await page.goto("/signup");
  // step 1 comes back from the server with its errors, nothing typed lost
  await page.getByLabel("Email").fill(`owner-${unique()}@example.com`);
  await page.getByLabel("First Name").fill("Maria");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Last Name is required").waitFor();
  expect(await page.getByLabel("First Name").inputValue()).toBe("Maria");
  await page.getByLabel("Last Name").fill("Lopez");
  await page.getByLabel("Phone Number").fill("(415) 555-0134");
  await expectNoA11yViolations(page);
  await screenshot(page, `accounts-signup-1-${mode(javaScript)}`);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Business Name").waitFor();
  await page.getByLabel("Password", { exact: true }).fill("correct horse");
  await page.getByLabel("Confirm Password").fill("correct horse");
  await page.getByLabel("Business Name").fill(`Lopez Plumbing ${unique()}`);
  await page.getByLabel("Industry").selectOption({ label: "Plumbing" });
  await page.getByLabel("Company Size").selectOption({ label: "2-5" });
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Please accept Terms and Conditions").waitFor();
  await screenshot(page, `accounts-signup-2-${mode(javaScript)}`);
  await page.getByLabel("Password", { exact: true }).fill("correct horse");
  await page.getByLabel("Confirm Password").fill("correct horse");
  await page.getByLabel("I accept the Terms and Conditions").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(/\/dashboard$/);
});

forBoth("sign in: a wrong password is refused, the right one goes home", async ({ page, javaScript }) => {
  const { email, password } = demoLogin("office staff");
  expectRefusals(page);
  await page.goto("/login?redirectTo=%2Fcustomers");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByText("Invalid email or password").waitFor();
  expect(await page.getByLabel("Email").inputValue()).toBe(email);
  // the server never sends the password back (with JavaScript the field simply keeps what was typed)
  if (!javaScript) expect(await page.getByLabel("Password").inputValue()).toBe("");
  await expectNoA11yViolations(page);
  await screenshot(page, `accounts-login-error-${mode(javaScript)}`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/customers$/);
});

forBoth("forgot password answers the same for anyone, and a bad reset link says so", async ({ page, javaScript }) => {
  await page.goto("/forgot");
  await page.getByLabel("Email").fill(`nobody-${unique()}@example.com`);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByText("If an account exists for this email, we sent a link").waitFor();
  await screenshot(page, `accounts-forgot-sent-${mode(javaScript)}`);
  await page.goto("/reset?token=not-a-real-token");
  await page.getByText("This link is not valid. Please ask for a new one.").waitFor();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await page.waitForURL(/\/forgot$/);
});

forBoth(
  "a signed-in user who opens /login goes to their home page",
  async ({ page }) => {
    await page.goto("/login");
    await page.waitForURL(/\/schedule$/);
  },
  { role: "field tech" },
);

test("the sign-in and sign-up pages fit a 375px screen", async () => {
  const page = await newPage({ javaScript: true, width: 375 });
  await page.goto("/login");
  await screenshot(page, "accounts-login-375");
  await page.goto("/signup");
  await screenshot(page, "accounts-signup-375");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the API documentation page and document are public", async () => {
  const doc = await fetch(`${baseUrl()}/api/openapi.json`);
  expect(doc.status).toBe(200);
  expect((await doc.json()).paths["/api/account/sign-in"]).toBeDefined();
  // The page is plain HTML (every area's calls): read it as a visitor without a browser.
  const page = await fetch(`${baseUrl()}/api-documentation`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("POST<!-- --> <!-- -->/api/account/sign-in");
  expect(html).toContain("Access:");
});

test("the development outbox answers 404 in production", async () => {
  const response = await fetch(`${baseUrl()}/dev/outbox`);
  expect(response.status).toBe(404);
});
