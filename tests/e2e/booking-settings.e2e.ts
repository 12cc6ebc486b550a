// The online booking settings page in a browser. A company of its own (signed up through the API)
// so the demo company's public form, which other tests book on, stays as seeded.
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { call, signUpOwner } from "../security/cross-company";
import { baseUrl, expectNoA11yViolations, newPage, screenshot, signIn } from "./harness";
import { ownerPage } from "./owner-page";

let cookie: string;

beforeAll(async () => {
  cookie = await signUpOwner({ name: "Bookingset", phoneNumber: "+17045550191" });
  const category = await call("/api/price-lists", {
    cookie,
    method: "POST",
    body: { categoryName: "Services", type: 1 },
  });
  expect(category.status).toBe(201);
  const categoryId = ((await category.json()) as { data: { id: number } }).data.id;
  for (const [name, price] of [
    ["Drain cleaning", "149.50"],
    ["Water heater flush", "99"],
  ]) {
    const item = await call("/api/price-lists/items", {
      cookie,
      method: "POST",
      body: { categoryId, name, price, cost: 0, unitCostType: 0, isTaxable: false, itemType: 1 },
    });
    expect(item.status).toBe(201);
  }
});

const preview = (page: Page) => page.getByRole("region", { name: "Preview" });

test(
  "without JavaScript: saves the settings, adds, moves and deletes questions, and the preview follows",
  {
    timeout: 120_000,
  },
  async () => {
    const page = await ownerPage(cookie, false);
    await page.goto("/settings");
    await page.getByRole("link", { name: /Online booking/ }).click();
    await page.waitForURL(/\/online-booking-settings$/);
    await page.getByRole("heading", { name: "Online booking", level: 1 }).waitFor();
    // A fresh company: an address from its name, the form off, the default day 05:00 am to 10:00 pm.
    expect(await page.getByLabel("Form URL").inputValue()).toMatch(/^bookingset-test-\d+$/);
    expect(await page.getByLabel("Online booking is on").isChecked()).toBe(false);
    expect(await page.getByLabel("Monday From").inputValue()).toBe("300");
    expect(await page.getByRole("combobox", { name: "Monday From" }).locator("option:checked").textContent()).toBe(
      "05:00 am",
    );
    expect(await page.getByRole("combobox", { name: "Monday To" }).locator("option:checked").textContent()).toBe(
      "10:00 pm",
    );
    await page.getByText("Your company has no address with map coordinates").waitFor();

    // A wrong address comes back with its message and the typed values kept.
    const formUrl = `bookingset-${Date.now()}`;
    await page.getByLabel("Form URL").fill("Not valid!");
    await page.getByLabel("Introduction text").fill("Pick a time that suits you.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Use lower-case letters, digits and hyphens only").waitFor();
    expect(await page.getByLabel("Introduction text").inputValue()).toBe("Pick a time that suits you.");

    await page.getByLabel("Form URL").fill(formUrl);
    await page.getByLabel("Online booking is on").check();
    await page.getByLabel("Create a job at once").check();
    await page.getByRole("checkbox", { name: /Drain cleaning/ }).check();
    await page.getByLabel("Visit duration").selectOption({ label: "1.5 hours" });
    await page.getByLabel("Time buffer after each visit").selectOption({ label: "+30 minutes" });
    await page.getByLabel("Lead time", { exact: true }).fill("3");
    await page.getByLabel("Lead time unit").selectOption({ label: "Days" });
    await page.getByLabel("Sunday", { exact: true }).uncheck();
    await page.getByLabel("Saturday To").selectOption({ label: "02:15 pm" });
    await page.getByLabel("Service area radius (miles)").fill("40");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.waitForURL(/\/online-booking-settings$/);
    await page.getByText("Online booking settings were saved successfully!").first().waitFor();
    expect(await page.getByLabel("Form link").inputValue()).toBe(`${baseUrl()}/online-booking/${formUrl}`);
    expect(await page.getByRole("link", { name: /Open form/ }).getAttribute("href")).toBe(
      `${baseUrl()}/online-booking/${formUrl}`,
    );
    expect(await page.getByLabel("Online booking is on").isChecked()).toBe(true);
    expect(await page.getByLabel("Create a job at once").isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Drain cleaning/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Water heater flush/ }).isChecked()).toBe(false);
    expect(await page.getByLabel("Visit duration").inputValue()).toBe("90");
    expect(await page.getByLabel("Time buffer after each visit").inputValue()).toBe("30");
    expect(await page.getByLabel("Lead time", { exact: true }).inputValue()).toBe("3");
    expect(await page.getByLabel("Lead time unit").inputValue()).toBe("1");
    expect(await page.getByLabel("Sunday", { exact: true }).isChecked()).toBe(false);
    expect(await page.getByLabel("Saturday To").inputValue()).toBe(String(14 * 60 + 15));
    expect(await page.getByLabel("Service area radius (miles)").inputValue()).toBe("40");
    expect(await preview(page).getByText("Pick a time that suits you.").count()).toBe(1);
    expect(
      await preview(page)
        .getByLabel(/Drain cleaning/)
        .count(),
    ).toBe(1);

    // Questions: a choice type needs options; then two questions, moved and one deleted.
    await page.getByLabel("Type").selectOption({ label: "Dropdown" });
    await page.getByLabel("Question", { exact: true }).fill("What needs fixing?");
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByText("Add at least one option").waitFor();
    expect(await page.getByLabel("Question", { exact: true }).inputValue()).toBe("What needs fixing?");
    await page.getByLabel("Options").fill("Sink\nShower\nToilet");
    await page.getByLabel("The customer must answer").check();
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByText("Question was added").first().waitFor();
    await page.getByLabel("Type").selectOption({ label: "Text area" });
    await page.getByLabel("Question", { exact: true }).fill("Anything else?");
    await page.getByRole("button", { name: "Add question" }).click();
    await page.getByText("Question was added").first().waitFor();

    const list = page.getByRole("list", { name: "Questions in form order" });
    expect(await list.getByRole("heading").allTextContents()).toEqual(["What needs fixing?", "Anything else?"]);
    // The preview shows them as the customer sees them: a dropdown with its options, a text area.
    const dropdown = preview(page).getByRole("combobox", { name: "What needs fixing? *" });
    expect(await dropdown.locator("option").allTextContents()).toEqual(["Choose...", "Sink", "Shower", "Toilet"]);
    expect(await preview(page).getByRole("textbox", { name: "Anything else?" }).count()).toBe(1);
    await screenshot(page, "booking-settings-1366-nojs");

    await page.getByRole("button", { name: "Move question Anything else? up" }).click();
    await page.getByText("Question was moved").first().waitFor();
    expect(await list.getByRole("heading").allTextContents()).toEqual(["Anything else?", "What needs fixing?"]);

    await page.getByRole("link", { name: "Edit question Anything else?" }).click();
    await page.getByRole("heading", { name: "Edit question" }).waitFor();
    await page.getByLabel("Question", { exact: true }).fill("Anything else we should know?");
    await page.getByRole("button", { name: "Save question" }).click();
    await page.getByText("Question was saved").first().waitFor();
    expect(await list.getByRole("heading").allTextContents()).toEqual([
      "Anything else we should know?",
      "What needs fixing?",
    ]);

    await page.getByRole("link", { name: "Delete question What needs fixing?" }).click();
    await page.getByRole("dialog", { name: "Delete question" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Question was deleted").first().waitFor();
    expect(await list.getByRole("heading").allTextContents()).toEqual(["Anything else we should know?"]);
    expect(
      await preview(page)
        .getByRole("combobox", { name: /What needs fixing/ })
        .count(),
    ).toBe(0);
    await expectNoA11yViolations(page);
  },
);

test("with JavaScript on a 375 px phone: the page reads in one column and saves", { timeout: 90_000 }, async () => {
  const page = await ownerPage(cookie, true, 375);
  await page.goto("/online-booking-settings");
  await page.getByRole("heading", { name: "Online booking", level: 1 }).waitFor();
  await page.getByLabel("Introduction text").fill("Booked from a phone.");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Online booking settings were saved successfully!").first().waitFor();
  await preview(page).getByText("Booked from a phone.").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await screenshot(page, "booking-settings-375-js");
});

test("the demo company's form as seeded, for the office's eyes only", { timeout: 60_000 }, async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  await page.goto("/online-booking-settings");
  expect(await page.getByLabel("Form URL").inputValue()).toBe("demo-hvac");
  expect(await preview(page).getByRole("combobox", { name: "What kind of system do you have? *" }).count()).toBe(1);
  const staff = await newPage({ javaScript: false });
  await signIn(staff, "office staff");
  const refused = await staff.goto("/online-booking-settings");
  expect(refused?.status()).toBe(403);
});
