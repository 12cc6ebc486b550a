import { expect } from "vitest";
import { baseUrl, expectNoA11yViolations, forBoth, newPage, screenshot, signIn } from "./harness";
import { test } from "vitest";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A valid, unused US number per run (area 312, exchange 2xx-9xx). */
const phone = () =>
  `312${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;

forBoth(
  "adds a customer through the three steps",
  async ({ page, javaScript }) => {
    const id = unique();
    const email = `e2e-${id}@example.com`;
    await page.goto("/customers/new");
    await expect(page.getByRole("heading", { name: "Add Customer" }).isVisible()).resolves.toBe(true);
    await page.getByLabel("First Name (required)").fill("Ellen");
    await page.getByLabel("Last Name").fill(`Ripley${id}`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Primary Phone").fill(phone());
    await page.getByRole("button", { name: "Add Email" }).click();
    const secondary = page.getByRole("textbox", { name: "Secondary Email" });
    await secondary.waitFor();
    // Nothing typed is lost when the row is added.
    expect(await page.getByLabel("First Name (required)").inputValue()).toBe("Ellen");
    await secondary.fill(`work-${id}@example.com`);
    expect(await page.getByLabel("Receive Automatic Text Notifications").isChecked()).toBe(true);
    await screenshot(page, `customers-new-step1-js-${javaScript ? "on" : "off"}`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Address", { exact: true }).waitFor();
    await page.getByLabel("Address", { exact: true }).fill(`${id} Nostromo Way, Springfield`);
    await page.getByLabel("Unit/Suite/Apt. Number").fill("7");
    await page.getByRole("button", { name: "Add Property" }).click();
    await page.getByLabel("Address", { exact: true }).nth(1).waitFor();
    await page.getByLabel("Address", { exact: true }).nth(1).fill(`${id} Sulaco Rd, Springfield`);
    await page.getByLabel("Billing address").nth(1).check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Customer Notes").waitFor();
    await page.getByLabel("Customer Notes").fill("Prefers mornings");
    await screenshot(page, `customers-new-step3-js-${javaScript ? "on" : "off"}`);
    await page.getByRole("button", { name: "Create Customer" }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    await page.getByText("Customer was created successfully!").first().waitFor();
    await page.getByText(`${id} Sulaco Rd, Springfield`).waitFor();
    expect(await page.getByText(`work-${id}@example.com`).isVisible()).toBe(true);
    await screenshot(page, `customers-profile-js-${javaScript ? "on" : "off"}`);
    await expectNoA11yViolations(page);

    await page.goto(`/customers?q=${encodeURIComponent(`ripley${id}`)}`);
    await page.getByRole("link", { name: `Ellen Ripley${id}` }).waitFor();
    expect(await page.getByText("1-1 of 1 items").isVisible()).toBe(true);
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "shows the server's messages on the fields and the duplicate message",
  async ({ page, javaScript }) => {
    const id = unique();
    const email = `dup-${id}@example.com`;
    const created = await page.request.post(`${baseUrl()}/api/customers/create`, {
      data: { firstName: "Dallas", lastName: `Captain${id}`, email },
    });
    expect(created.status()).toBe(201);
    await page.goto("/customers/new");
    await page.getByLabel("First Name (required)").fill("A");
    await page.getByLabel("Email", { exact: true }).fill(email);
    if (javaScript) {
      // The debounced check asks the API while typing.
      await page.getByText(`Email already taken by Dallas Captain${id}`).first().waitFor();
      await page.getByLabel("First Name (required)").fill("Ash");
      await page.getByText("You are able to go back").waitFor();
      expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
    } else {
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("First Name is too short - 2 chars minimum").waitFor();
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      await page.getByLabel("First Name (required)").fill("Ash");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText(`Email already taken by Dallas Captain${id}`).waitFor();
    }
    await screenshot(page, `customers-new-errors-js-${javaScript ? "on" : "off"}`);
  },
  { role: "company admin", timeout: 120_000 },
);

test("the list, import page and profile look right on a phone and a desktop", { timeout: 120_000 }, async () => {
  for (const width of [375, 1366] as const) {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "company admin");
    await page.goto("/customers");
    await page.getByRole("heading", { name: "Customers" }).waitFor();
    await screenshot(page, `customers-list-${width}`);
    await expectNoA11yViolations(page);
    await page.goto("/customers/import");
    await screenshot(page, `customers-import-${width}`);
  }
});

test("a field tech is refused the customer area", async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "field tech");
  const response = await page.goto("/customers");
  expect(response?.status()).toBe(403);
  const api = await page.request.get(`${baseUrl()}/api/customers/page`);
  expect(api.status()).toBe(403);
});

forBoth(
  "edits a customer; with scripts the save bar offers Reset and Save once a field changes",
  async ({ page, javaScript }) => {
    const id = unique();
    const created = await page.request.post(`${baseUrl()}/api/customers/create`, {
      data: { firstName: "Parker", lastName: `Engineer${id}`, notes: "Old notes" },
    });
    expect(created.status()).toBe(201);
    const customerId = (await created.json()).customerId as number;
    await page.goto(`/customers/${customerId}/edit`);
    const notes = page.getByLabel("Customer Notes");
    await notes.waitFor();
    expect(await page.getByText("You have unsaved changes").count()).toBe(0);
    await notes.fill("New notes");
    if (javaScript) {
      const bar = page.getByRole("region", { name: "Unsaved changes" });
      await bar.getByText("You have unsaved changes").waitFor();
      await screenshot(page, "customers-edit-save-bar");
      await bar.getByRole("button", { name: "Reset" }).click();
      await page.getByText("You have unsaved changes").waitFor({ state: "detached" });
      expect(await page.getByLabel("Customer Notes").inputValue()).toBe("Old notes");
      await page.getByLabel("Customer Notes").fill("New notes");
      await bar.getByRole("button", { name: "Save" }).click();
    } else {
      expect(await page.getByText("You have unsaved changes").count()).toBe(0);
      await page.getByRole("button", { name: "Save" }).click();
    }
    await page.waitForURL(new RegExp(`/customers/${customerId}$`));
    await page.getByText("New notes").first().waitFor();
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "views an attachment in the 'View Attachment' modal; a video the browser cannot play falls back to its file",
  async ({ page, javaScript }) => {
    const id = unique();
    const created = await page.request.post(`${baseUrl()}/api/customers/create`, {
      data: { firstName: "Lambert", lastName: `Navigator${id}` },
    });
    const customerId = (await created.json()).customerId as number;
    // An MP4 header and nothing playable behind it: it passes the content check, no browser can play it.
    const broken = Buffer.concat([
      Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
      Buffer.alloc(2048, 7),
    ]);
    const uploaded = await page.request.post(`${baseUrl()}/api/customers/attachment`, {
      multipart: {
        customerId: String(customerId),
        files: { name: "walkthrough.mp4", mimeType: "video/mp4", buffer: broken },
      },
    });
    expect(uploaded.status()).toBe(200);
    await page.goto(`/customers/${customerId}`);
    await page
      .getByRole("link", { name: /walkthrough\.mp4/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "View Attachment" });
    await dialog.waitFor();
    if (javaScript) {
      await dialog.getByRole("link", { name: "walkthrough.mp4" }).waitFor();
      expect(await dialog.locator("video").count()).toBe(0);
    } else {
      expect(await dialog.locator("video").count()).toBe(1);
    }
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "a prefilled email is locked through the three steps and saved",
  async ({ page }) => {
    const id = unique();
    const email = `prefilled-${id}@example.com`;
    await page.goto(`/customers/new?email=${encodeURIComponent(email)}`);
    const field = page.getByLabel("Email", { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe(email);
    expect(await field.getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("First Name (required)").fill("Kane");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Address", { exact: true }).waitFor();
    await page.getByLabel("Address", { exact: true }).fill(`${id} Acheron Rd`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Customer Notes").waitFor();
    await page.getByRole("button", { name: "Create Customer" }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    await page.getByText(email).first().waitFor();
  },
  { role: "company admin", timeout: 120_000 },
);
