import { expect } from "vitest";
import { expectNoA11yViolations, forBoth, screenshot } from "./harness";
import { solidImage } from "../helpers/solid-image";

/** A word of letters only, new on every run: the list's search finds it by its beginning. */
const uniqueWord = (prefix: string) =>
  prefix +
  Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

forBoth(
  "office staff add an expense with a receipt, related to a customer, and find it in the list",
  async ({ page, javaScript }) => {
    const word = uniqueWord(javaScript ? "tollon" : "tolloff");
    await page.goto("/expense-tracking");
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Add Expense" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await dialog.waitFor();
    await dialog.getByLabel("Date").fill("2026-11-20");
    await dialog.getByLabel(/^Amount/).fill("12.34");
    await dialog.getByLabel("Description").fill(`Bridge ${word}`);
    await dialog.getByLabel("Type").selectOption({ label: "Customer" });
    await dialog.getByLabel("Find the record").fill("a");
    const record = dialog.getByLabel("Record", { exact: true });
    if (javaScript) {
      // The matches follow the typing (GET /api/expenses/search-related-entities).
      await page.waitForFunction(() => {
        const select = document.querySelector<HTMLSelectElement>('select[name="relatedEntityId"]');
        return !!select && select.options.length > 1;
      });
    } else {
      // Without JavaScript, Find reloads the form with the matches; what was typed stays.
      await dialog.getByRole("button", { name: "Find" }).click();
      await page.getByRole("dialog", { name: "Add Expense" }).waitFor();
      expect(await dialog.getByLabel(/^Amount/).inputValue()).toBe("12.34");
      expect(await dialog.getByLabel("Description").inputValue()).toBe(`Bridge ${word}`);
    }
    await expectNoA11yViolations(page);
    expect(await record.locator("option").count()).toBeGreaterThan(1);
    await record.selectOption({ index: 1 });
    const customer = (await record.locator("option:checked").textContent())!.trim();
    await dialog.getByLabel("Receipt").setInputFiles({
      name: "receipt.jpg",
      mimeType: "image/jpeg",
      buffer: await solidImage(300, 500, "jpeg", "#FFFFFF"),
    });
    if (javaScript) {
      // The image modal crops it; Save puts the PNG back into the same input.
      const crop = page.getByRole("dialog", { name: "Edit image" });
      await crop.getByRole("button", { name: "Save" }).click();
      await crop.waitFor({ state: "detached" });
    }
    await screenshot(page, `expenses-form-js-${javaScript ? "on" : "off"}`);
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await page.getByText("Expense was created successfully!").first().waitFor();

    await page.getByRole("searchbox", { name: "Search expenses" }).fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(new RegExp(`q=${word}`));
    // Long descriptions are cut in the list, the whole text in the cell's title.
    const row = page.getByRole("row").filter({ has: page.locator(`td[title="Bridge ${word}"]`) });
    await row.waitFor();
    expect(await row.getByText("$12.34").isVisible()).toBe(true);
    expect(await row.getByText(`Customer: ${customer}`).isVisible()).toBe(true);
    expect(await page.getByText("Total: $12.34 USD in 1 expense").isVisible()).toBe(true);
    const receipt = await row.getByRole("link", { name: "View receipt" }).getAttribute("href");
    expect(receipt).toMatch(/^\/files\/\d+\/expense-receipts\/[\w-]+\.png$/);
    await screenshot(page, `expenses-list-js-${javaScript ? "on" : "off"}`);
    const image = await page.request.get(receipt!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  },
  { role: "office staff", timeout: 90_000 },
);

forBoth(
  "the form keeps what was typed and shows the messages on the fields",
  async ({ page }) => {
    await page.goto("/expense-tracking?expense=new");
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await dialog.getByLabel("Date").fill("");
    await dialog.getByLabel(/^Amount/).fill("0");
    await dialog.getByLabel("Description").fill("Nothing spent");
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await dialog.getByText("Amount must be greater than 0").waitFor();
    expect(await dialog.getByText("Date is required").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Nothing spent");
    await expectNoA11yViolations(page);
  },
  { role: "company admin" },
);

forBoth(
  "the list is readable on a 375 px phone: each expense a card, nothing wider than the screen",
  async ({ page }) => {
    const word = uniqueWord("phone");
    await page.goto("/expense-tracking");
    const created = await page.request.post("/api/expenses", {
      data: { date: "2026-11-21", amount: 1234.5, description: `Lumber for the deck ${word}` },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/expense-tracking?q=${word}`);
    await page.getByRole("heading", { name: "Expenses", level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A card: each row a block of label and value.
    const display = await page
      .locator("table.table-cards tbody tr")
      .first()
      .evaluate((row) => getComputedStyle(row).display);
    expect(display).toBe("block");
    const amount = page.locator('td[data-label="Amount"]').filter({ hasText: "$1,234.50" });
    expect(await amount.isVisible()).toBe(true);
    const box = await amount.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, "expenses-list-375");
    await expectNoA11yViolations(page);
  },
  { role: "company admin", width: 375 },
);

forBoth(
  "Enter in a field saves the expense (Find, before Save in the form, is not the default button)",
  async ({ page, javaScript }) => {
    const word = uniqueWord(javaScript ? "enteron" : "enteroff");
    await page.goto("/expense-tracking?expense=new");
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await dialog.getByLabel("Date").fill("2026-11-22");
    await dialog.getByLabel("Description").fill(`Parking ${word}`);
    await dialog.getByLabel(/^Amount/).fill("7.25");
    await dialog.getByLabel(/^Amount/).press("Enter");
    await page.waitForURL((url) => !url.search.includes("expense="));
    await page.goto(`/expense-tracking?q=${word}`);
    // The list shortens long descriptions; the whole text is the cell's title.
    await page.getByTitle(`Parking ${word}`).waitFor();
  },
  { role: "company admin" },
);
