import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { baseUrl, demoRecordIds, expectNoA11yViolations, liveSessionCookie, newPage, screenshot } from "./harness";

/*
 * The customer's estimate approval page (issue 14): without JavaScript the customer picks an option,
 * ticks an optional item, recomputes the total, types a name and approves, or declines with a
 * reason; with JavaScript the total follows the ticks and a drawn signature is stored. The answer
 * is what the office then reads. The page ships only its own inline script: under 30 KB.
 */

let admin: string;

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Cookie: admin, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A sent estimate of the demo company: Basic (a $50 taxable visit, a recommended $20 filter, an $80 duct cleaning) or Premium; 10% tax, $5 off. */
async function sentEstimate() {
  const { id } = await api<{ id: number }>("/api/estimates", {
    customerId: demoRecordIds("company admin").customers,
    taxRate: 10,
    discount: 5,
    options: [
      {
        name: "Basic",
        lineItems: [
          { name: "Visit", unitPrice: 50, isTaxable: true },
          { name: "Filter", unitPrice: 20, optionalState: { isRecommended: true, isApproved: false } },
          { name: "Duct cleaning", unitPrice: 80, optionalState: { isRecommended: false, isApproved: false } },
        ],
      },
      { name: "Premium", lineItems: [{ name: "Full service", unitPrice: 300, isTaxable: true }] },
    ],
  });
  const { link } = await api<{ link: string }>(`/api/estimates/${id}/send`, {
    notificationType: 2,
    notificationEmail: "customer@example.com",
  });
  return { id, path: new URL(link, baseUrl()).pathname };
}
const stored = (id: number) =>
  api<{
    status: number;
    approval: number;
    totalCents: number;
    signatureName: string | null;
    declineReason: string | null;
  }>(`/api/estimates/${id}`);

const totalToApprove = (page: Page) => page.locator("[data-approve-total]").textContent();

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
});

test("JavaScript off: choose, tick an optional item, update the total, type a name and approve", async () => {
  const { id, path } = await sentEstimate();
  const page = await newPage({ javaScript: false, width: 375 });
  expect((await page.goto(path))?.status()).toBe(200);
  await page.getByRole("heading", { name: /^Estimate #\d+$/ }).waitFor();
  expect(await page.getByRole("radio", { name: "Basic" }).isChecked()).toBe(true);
  expect(await page.getByRole("checkbox", { name: /Add Filter\s*Recommended/ }).isChecked()).toBe(true);
  // $70 less $5, 10% tax on the visit's share: $69.64.
  expect(await totalToApprove(page)).toBe("$69.64");
  expect(await page.getByText("Draw your signature").isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await screenshot(page, "estimate-approval-375");

  await page.getByRole("checkbox", { name: "Add Duct cleaning" }).check();
  await page.getByRole("button", { name: "Update total" }).click();
  expect(await totalToApprove(page)).toBe("$149.83");
  expect(await page.getByRole("checkbox", { name: "Add Duct cleaning" }).isChecked()).toBe(true);
  await page.getByRole("button", { name: "Approve estimate" }).click();
  await page.getByText("Type your name to approve").waitFor();
  await page.getByLabel("Your full name").fill("Jane Doe");
  await page.getByRole("button", { name: "Approve estimate" }).click();

  await page.getByRole("heading", { name: "You approved this estimate" }).waitFor();
  await page.getByText(/^Approved on .+ by Jane Doe\.$/).waitFor();
  expect(await page.getByRole("cell", { name: /Duct cleaning/ }).count()).toBe(1);
  expect(await page.getByRole("cell", { name: /Full service/ }).count()).toBe(0);
  expect(await page.getByText("$149.83").count()).toBeGreaterThan(0);
  expect(await page.locator("form").count()).toBe(0);
  expect(await stored(id)).toMatchObject({ status: 5, approval: 1, totalCents: 14983, signatureName: "Jane Doe" });
});

test("JavaScript off: decline with a reason", async () => {
  const { id, path } = await sentEstimate();
  const page = await newPage({ javaScript: false, width: 1366 });
  await page.goto(path);
  await page.getByLabel("Reason (optional)").fill("We went with another company");
  await page.getByRole("button", { name: "Decline estimate" }).click();
  await page.getByRole("heading", { name: "You declined this estimate" }).waitFor();
  await page.getByText("Reason: We went with another company").waitFor();
  expect(await page.locator("form").count()).toBe(0);
  expect(await stored(id)).toMatchObject({ status: 9, approval: 2, declineReason: "We went with another company" });
});

test("JavaScript on: the total follows the ticks, a drawn signature is approved and stored; under 30 KB", async () => {
  const { id, path } = await sentEstimate();
  const page = await newPage({ javaScript: true, width: 1366 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map<string, string>();
  const sizes: { type: string; url: string; bytes: number }[] = [];
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, `${e.type} ${e.response.url}`));
  cdp.on("Network.loadingFinished", (e) => {
    const [type, url] = (types.get(e.requestId) ?? "Other ?").split(" ");
    sizes.push({ type, url, bytes: e.encodedDataLength });
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // The page and its stylesheet, compressed as sent (fonts are the app's shared, cached files).
  const pageBytes = sizes
    .filter((s) => s.type === "Document" || s.type === "Stylesheet")
    .reduce((a, s) => a + s.bytes, 0);
  const list = sizes.map((s) => `${s.type} ${new URL(s.url).pathname} ${s.bytes} B`).join("\n");
  console.info(`estimate approval page: ${pageBytes} B (HTML + CSS); all:\n${list}`);
  expect(pageBytes, list).toBeLessThan(30_000);
  expect(
    sizes.filter((s) => s.type === "Script"),
    list,
  ).toEqual([]);

  expect(await page.getByRole("button", { name: "Update total" }).isVisible()).toBe(false);
  expect(await totalToApprove(page)).toBe("$69.64");
  await page.getByRole("checkbox", { name: "Add Duct cleaning" }).check();
  expect(await totalToApprove(page)).toBe("$149.83");
  await page.getByRole("radio", { name: "Premium" }).check();
  // $300 less $5, 10% tax: $324.50.
  expect(await totalToApprove(page)).toBe("$324.50");
  await page.getByRole("radio", { name: "Basic" }).check();
  expect(await totalToApprove(page)).toBe("$149.83");

  await page.getByLabel("Your full name").fill("Sam Lee");
  const pad = page.getByRole("img", { name: "Draw your signature (optional)" });
  // The keyboard path: Enter on the focused pad signs with the typed name; Clear empties it.
  await pad.focus();
  await page.keyboard.press("Enter");
  await page.getByText("Signature written from your typed name").waitFor();
  await page.getByRole("button", { name: "Clear signature" }).click();
  await page.getByText("Signature cleared").waitFor();
  expect(await page.locator("input[name=signature]").inputValue()).toBe("");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  await page.mouse.up();
  await page.getByText("Signature drawn").waitFor();
  expect(await page.locator("input[name=signature]").inputValue()).toMatch(/^data:image\/png;base64,/);
  await expectNoA11yViolations(page);
  await screenshot(page, "estimate-approval-1366");
  await page.getByRole("button", { name: "Approve estimate" }).click();

  await page.getByRole("heading", { name: "You approved this estimate" }).waitFor();
  await page.getByText(/^Approved on .+ by Sam Lee \(signed\)\.$/).waitFor();
  expect(await stored(id)).toMatchObject({ status: 5, approval: 1, totalCents: 14983, signatureName: "Sam Lee" });
  // The office sees the drawn image, stored privately (served to the company's session only).
  const office = await (await fetch(`${baseUrl()}/estimates/${id}`, { headers: { Cookie: admin } })).text();
  const src =
    /<img[^>]*src="([^"]+)"[^>]*alt="Customer&#x27;s drawn signature"|<img[^>]*alt="Customer(?:&#x27;|')s drawn signature"[^>]*src="([^"]+)"/.exec(
      office,
    );
  const url = src?.[1] ?? src?.[2];
  expect(url).toMatch(/^\/files\/\d+\/signatures\/.+\.png$/);
  const image = await fetch(`${baseUrl()}${url}`, { headers: { Cookie: admin } });
  expect(image.status).toBe(200);
  expect(image.headers.get("Content-Type")).toBe("image/png");
  expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(500);
  expect((await fetch(`${baseUrl()}${url}`)).status).not.toBe(200);
});

test("an estimate that is not sent says so, without forms; a wrong link is the 404 page", async () => {
  const { id } = await api<{ id: number }>("/api/estimates", {
    customerId: demoRecordIds("company admin").customers,
    options: [{ name: "Only", lineItems: [{ name: "Visit", unitPrice: 50 }] }],
  });
  const office = await (await fetch(`${baseUrl()}/estimates/${id}`, { headers: { Cookie: admin } })).text();
  const path = /\/estimate-details\/[A-Za-z0-9_-]+/.exec(office)?.[0];
  const page = await newPage({ javaScript: false, width: 375 });
  expect(path).toBeTruthy();
  await page.goto(path!);
  await page.getByText(/^This estimate is not open for approval yet \(unscheduled\)\./).waitFor();
  expect(await page.locator("form").count()).toBe(0);
  expect((await page.goto("/estimate-details/no-such-token-at-all"))?.status()).toBe(404);
  await page.getByRole("heading", { name: "Page not found" }).waitFor();
});
