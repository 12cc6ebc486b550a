import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { expectNoA11yViolations, newPage, screenshot, signIn, type Width } from "./harness";
import { usePaymentsWorld } from "./payments-setup";

/*
 * Card payments in a browser: the customer's invoice page up to the hand-off to Stripe with
 * JavaScript off (on a server of this file's own whose Stripe is a local server), and /my-money
 * with payments on (own server) and off (the suite's server, which has no STRIPE_* at all).
 */
const world = usePaymentsWorld();
const BUDGET = 30_000;

/** Signs the page in on the file's own server with the demo admin's session. */
async function signInOwn(page: Page) {
  const [name, ...value] = world.admin.cookie.split("=");
  await page.context().addCookies([{ name, value: value.join("="), url: world.server.baseUrl, httpOnly: true }]);
}

/** HTML and stylesheets of a page, gzipped as the server may send them. */
async function gzippedWeight(url: string) {
  const html = await (await fetch(url)).text();
  const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  let total = gzipSync(html).byteLength;
  for (const href of sheets) total += gzipSync(await (await fetch(new URL(href, url))).text()).byteLength;
  return { total, scripts };
}

for (const width of [375, 1366] as Width[])
  test(`the customer's invoice page at ${width} px, JavaScript off: the invoice, then "Pay by card" hands off to Stripe`, async () => {
    const invoice = await world.newInvoice();
    const url = `${world.server.baseUrl}${invoice.path}`;
    const page = await newPage({ javaScript: false, width });
    await page.goto(url);
    await page.getByRole("heading", { name: `Invoice #${invoice.number}` }).waitFor();
    await page.getByRole("cell", { name: "Furnace tune-up" }).waitFor();
    expect(await page.getByText("Balance due").count()).toBeGreaterThan(0);
    await expectNoA11yViolations(page);
    await screenshot(page, `payments-invoice-${width}`);
    const { total, scripts } = await gzippedWeight(url);
    expect(scripts).toEqual([]);
    expect(total).toBeLessThan(BUDGET);

    await page.getByRole("button", { name: "Pay $150.00 by card" }).click();
    await page.waitForURL((u) => u.toString().startsWith(`${world.stripe.url}/c/pay/cs_`));
    const sessionId = page.url().split("/").pop()!;
    expect(world.stripe.sessions.get(sessionId)).toMatchObject({ account: world.accountId, amount_total: 15_000 });

    // back from Stripe before its webhook: "being confirmed"; after it: thanks
    const back = `${world.server.baseUrl}/paymentSucceeded/${invoice.number}?token=${invoice.token}`;
    await page.goto(back);
    await page.getByRole("heading", { name: "Your payment is being confirmed" }).waitFor();
    const session = world.stripe.completeSession(sessionId);
    const delivered = await world.stripe.deliver(
      `${world.server.baseUrl}/api/webhooks/stripe`,
      world.stripe.event("checkout.session.completed", session, world.accountId),
    );
    expect(delivered.status).toBe(200);
    await page.getByRole("link", { name: "Check again" }).click();
    await page.getByRole("heading", { name: "Thank you for your payment" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `payments-succeeded-${width}`);
    await page.goto(url);
    await page.getByText("This invoice is paid in full").waitFor();
    expect(await page.getByRole("button", { name: /by card/ }).count()).toBe(0);
  });

test("a cancelled payment says no money was taken and links back to the invoice", async () => {
  const invoice = await world.newInvoice();
  const page = await newPage({ javaScript: false, phone: true });
  await page.goto(`${world.server.baseUrl}/paymentFailed/${invoice.number}?token=${invoice.token}`);
  await page.getByRole("heading", { name: "Your payment was not completed" }).waitFor();
  await page.getByRole("link", { name: "Back to the invoice" }).click();
  await page.getByRole("heading", { name: `Invoice #${invoice.number}` }).waitFor();
  await expectNoA11yViolations(page);
});

for (const width of [375, 1366] as Width[])
  test(`My Money at ${width} px, JavaScript off: the connected account's state and the Stripe dashboard`, async () => {
    const page = await newPage({ javaScript: false, width });
    await signInOwn(page);
    await page.goto(`${world.server.baseUrl}/my-money`);
    await page.getByRole("heading", { name: "Card payments", exact: true }).waitFor();
    await page.getByText("Card payments accepted").waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `payments-my-money-${width}`);
    await page.getByRole("link", { name: "Open Stripe dashboard" }).click();
    await page.waitForURL((u) => u.toString().startsWith(`${world.stripe.url}/express/${world.accountId}`));
  });

test("My Money without Stripe configuration says card payments are not set up, below the onboarding tip", async () => {
  const page = await newPage({ javaScript: false, width: 1366 });
  await signIn(page, "company admin");
  await page.goto("/my-money");
  await page.getByText("Card payments are not set up").first().waitFor();
  await page.getByText("approval may take 3-5 business days").first().waitFor();
  expect(await page.getByRole("button", { name: "Connect with Stripe" }).count()).toBe(0);
  await expectNoA11yViolations(page);
  await screenshot(page, "payments-my-money-off-1366");
});
