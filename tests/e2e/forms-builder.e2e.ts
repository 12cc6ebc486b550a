import { expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { expectNoA11yViolations, forBoth, newPage, screenshot, signIn } from "./harness";

/** The nine item types as the "New item type" select names them, with the label each gets. */
const ITEMS = [
  ["Checkbox", "Filter replaced"],
  ["Text", "Model number"],
  ["Image(s)", "Photos of the unit"],
  ["Flag", "Needs follow-up"],
  ["Condition", "Coil condition"],
  ["Signature", "Customer signature"],
  ["Yes/No", "Carbon monoxide safe?"],
  ["Multiple choice", "Fuel"],
  ["Long text", "Notes"],
] as const;

const item = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });
const labelOf = (page: Page, n: number) => item(page, n).getByLabel("Label", { exact: true });

/** Waits for a field to hold `value`: without JavaScript a move is a post, and the page comes back. */
async function valueBecomes(field: Locator, value: string) {
  let last = "";
  for (let tries = 0; tries < 100; tries++) {
    last = await field.inputValue().catch(() => "");
    if (last === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected "${value}", found "${last}"`);
}

async function addItem(page: Page, type: string, n: number) {
  await page.getByLabel("New item type").selectOption({ label: type });
  await page.getByRole("button", { name: "Add item" }).click();
  await labelOf(page, n).waitFor();
}

forBoth(
  "the company admin builds a form with the nine item types, reorders it and saves it",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const name = `Furnace check ${mode} ${Date.now()}`;
    await page.goto("/forms");
    await page.getByRole("link", { name: "New form" }).click();
    await page.waitForURL(/\/forms\/new$/);
    await page.getByLabel("Name", { exact: true }).fill(name);

    for (const [index, [type, label]] of ITEMS.entries()) {
      await addItem(page, type, index + 1);
      await labelOf(page, index + 1).fill(label);
      if (type === "Multiple choice")
        await item(page, index + 1)
          .getByLabel("Choices")
          .fill("Gas");
    }
    await item(page, 1).getByLabel("Required").check();
    // What was typed before each add came back with it (without JavaScript, through the server).
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
    expect(await labelOf(page, 2).inputValue()).toBe("Model number");

    // One choice is not enough: the catalogue's message on the field, nothing saved.
    await page.getByRole("button", { name: "Create form" }).click();
    await item(page, 8).getByText("Add at least 2 choices").waitFor();
    expect(page.url()).toMatch(/\/forms\/new$/);
    await item(page, 8).getByLabel("Choices").fill("Gas\nOil\nPropane");

    // Reorder: Notes (9) up above Fuel; an extra item added and removed again.
    await item(page, 9).getByRole("button", { name: "Move item 9 up" }).click();
    await valueBecomes(labelOf(page, 8), "Notes");
    expect(await labelOf(page, 9).inputValue()).toBe("Fuel");
    await item(page, 1).getByRole("button", { name: "Move item 1 down" }).click();
    await valueBecomes(labelOf(page, 1), "Model number");
    expect(await labelOf(page, 2).inputValue()).toBe("Filter replaced");
    await addItem(page, "Text", 10);
    await item(page, 10).getByRole("button", { name: "Remove item 10" }).click();
    await item(page, 10).waitFor({ state: "detached" });
    expect(await item(page, 2).getByLabel("Required").isChecked()).toBe(true);

    // The preview shows each item filled in, disabled.
    const preview = page.getByRole("region", { name: `Preview: ${name}` });
    await preview.getByRole("group", { name: "Fuel" }).getByRole("radio", { name: "Propane" }).waitFor();
    expect(await preview.getByRole("radio", { name: "Fair" }).isDisabled()).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, `forms-builder-new-${mode}`);

    await page.getByRole("button", { name: "Create form" }).click();
    await page.waitForURL(/\/forms$/);
    await page.getByText("Form created").first().waitFor();
    await page.getByRole("searchbox").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("9");
    await expectNoA11yViolations(page);
    await screenshot(page, `forms-builder-list-${mode}`);

    await row.getByRole("link", { name }).click();
    await page.waitForURL(/\/forms\/\d+$/);
    const formUrl = page.url();
    const saved = [];
    for (let n = 1; n <= 9; n++) saved.push(await labelOf(page, n).inputValue());
    expect(saved).toEqual([
      "Model number",
      "Filter replaced",
      "Photos of the unit",
      "Needs follow-up",
      "Coil condition",
      "Customer signature",
      "Carbon monoxide safe?",
      "Notes",
      "Fuel",
    ]);
    expect(await item(page, 9).getByLabel("Choices").inputValue()).toBe("Gas\nOil\nPropane");

    // Edit and save; then delete after confirming.
    await labelOf(page, 1).fill("Model and serial");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page.waitForURL(/\/forms$/);
    await page.getByText("Form updated").first().waitFor();
    await page.goto(formUrl);
    expect(await labelOf(page, 1).inputValue()).toBe("Model and serial");
    await page.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("keep their items and answers").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/forms$/);
    await page.getByText("Form deleted").first().waitFor();
  },
  { role: "company admin", width: 375, timeout: 180_000 },
);

forBoth(
  "the builder checks the form: while typing with JavaScript, on save without",
  async ({ page, javaScript }) => {
    await page.goto("/forms/new");
    await addItem(page, "Text", 1);
    const label = labelOf(page, 1);
    if (javaScript) {
      // Checked while typing: the message comes and goes without leaving the field.
      await label.fill("x");
      await label.fill("");
      await item(page, 1).getByText("Label is required").waitFor();
      await label.fill("Model");
      await item(page, 1).getByText("Label is required").waitFor({ state: "detached" });
    }
    await label.fill("");
    await page.getByRole("button", { name: "Create form" }).click();
    await page.getByText("Name is required").waitFor();
    await item(page, 1).getByText("Label is required").waitFor();
    if (javaScript) expect(await page.evaluate(() => document.activeElement?.id)).toBe("form-name");
    await item(page, 1).getByRole("button", { name: "Remove item 1" }).click();
    await page.getByRole("button", { name: "Create form" }).click();
    await page.getByText("Add at least 1 item").waitFor();
    await expectNoA11yViolations(page);
  },
  { role: "company admin" },
);

test("the forms list is cards on a phone", { timeout: 60_000 }, async () => {
  const page = await newPage({ javaScript: true, width: 375 });
  await signIn(page, "company admin");
  await page.goto("/forms");
  await page.getByRole("link", { name: "New form" }).waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectNoA11yViolations(page);
  await screenshot(page, "forms-builder-list-375");
});
