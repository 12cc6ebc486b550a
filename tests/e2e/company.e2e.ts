import { expect, test } from "vitest";
import { expectNoA11yViolations, forBoth, newPage, screenshot, signIn, type Width } from "./harness";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

forBoth(
  "saves the company profile, with the spec's message on an emptied required field",
  async ({ page }) => {
    const license = `LIC-${unique()}`;
    await page.goto("/company-profile");
    const name = page.getByLabel("Business Name");
    const original = await name.inputValue();
    await name.fill("");
    await page.getByLabel("License Number").fill(license);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Business Name is required").waitFor();
    // The values typed are kept, with or without JavaScript.
    expect(await page.getByLabel("License Number").inputValue()).toBe(license);
    await expectNoA11yViolations(page);
    await name.fill(original);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Company profile was saved successfully!").first().waitFor();
    // Saved: nothing is left unsaved (with scripts the bar had offered its Save instead of the form's).
    expect(await page.getByText("You have unsaved changes").count()).toBe(0);
    await page.goto("/company-profile");
    expect(await page.getByLabel("License Number").inputValue()).toBe(license);
    expect(await page.getByLabel("Business Name").inputValue()).toBe(original);
    expect(await page.getByText(/Currency: (USD|CAD)/).isVisible()).toBe(true);
  },
  { role: "company admin", timeout: 90_000 },
);

forBoth(
  "creates and deletes a tax rate",
  async ({ page }) => {
    const name = `E2E tax ${unique()}`;
    await page.goto("/discounts-tax-rates");
    await page.getByRole("link", { name: "Add Tax Rate" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Tax Rate" });
    await dialog.waitFor();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Rate (%)").fill("150");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Rate must be less than or equal to 100").waitFor();
    expect(await page.getByRole("dialog", { name: "Add Tax Rate" }).getByLabel("Name").inputValue()).toBe(name);
    await expectNoA11yViolations(page);
    await page.getByRole("dialog", { name: "Add Tax Rate" }).getByLabel("Rate (%)").fill("6.5");
    await page.getByRole("dialog", { name: "Add Tax Rate" }).getByRole("button", { name: "Save" }).click();
    await page.getByText("Tax rate was created successfully!").first().waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    expect(await row.getByText("6.5%").isVisible()).toBe(true);

    await page.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Tax Rate" });
    await confirm.waitFor();
    expect(
      await confirm.getByText(`The tax rate '${name}' will be completely deleted.`, { exact: false }).isVisible(),
    ).toBe(true);
    await expectNoA11yViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Tax rate was deleted").first().waitFor();
    expect(await page.getByRole("row").filter({ hasText: name }).count()).toBe(0);
  },
  { role: "company admin", timeout: 90_000 },
);

const SCREENS = [
  ["settings", "/settings"],
  ["company-profile", "/company-profile"],
  ["discounts-tax-rates", "/discounts-tax-rates"],
  ["discounts-tax-rates-add", "/discounts-tax-rates?discount=new"],
  ["tags", "/settings/tags?type=1"],
  ["lead-sources", "/settings/lead-sources"],
  ["lead-sources-rename", "/settings/lead-sources?edit=new"],
  ["expense-codes", "/settings/expense-codes"],
  ["messages", "/settings/messages"],
  ["price-book", "/price-book"],
] as const;

for (const width of [375, 1366] as Width[]) {
  test(`settings screens at ${width}px pass axe`, { timeout: 120_000 }, async () => {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "company admin");
    for (const [name, path] of SCREENS) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await screenshot(page, `company-${name}-${width}`);
      await expectNoA11yViolations(page);
    }
  });
}

test("office staff see only their settings areas", async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "office staff");
  await page.goto("/settings");
  expect(await page.getByRole("link", { name: /Tags/ }).isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: /Company profile/ }).count()).toBe(0);
  const response = await page.goto("/discounts-tax-rates");
  expect(response?.status()).toBe(403);
});

test("the price book's edit dialogs show the saved values without JavaScript", async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  await page.goto("/price-book");
  const category = (await page.getByRole("navigation", { name: "Categories" }).getByRole("link").first().textContent())
    ?.replace(/\(\d+\)/, "")
    .trim();
  await page.getByRole("link", { name: "Edit Category" }).click();
  await page.getByRole("dialog", { name: "Edit Category" }).waitFor();
  expect(await page.getByLabel("Category Name").inputValue()).toBe(category);
  await page.goto("/price-book");
  const item = page.getByRole("table").locator("tbody a").first();
  const itemName = (await item.textContent())?.trim();
  await item.click();
  await page.getByLabel("Name", { exact: true }).waitFor();
  expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(itemName);
  expect(await page.getByLabel("Price ($)").inputValue()).not.toBe("");
});
