import type { Page } from "playwright-core";
import { expect } from "vitest";
import { demoRecordIds, forBoth } from "./harness";
import { pageApi } from "./seed-api";

/** Text typed over several lines in a textarea: the details pages keep its line breaks. */
const description = "First line of the visit\nSecond line: gate code 1234";
const message = "Thanks for choosing us!\nCall if anything changes.";
const notes = "Dog in the yard\nBring the long ladder";

/** The paragraph holding `firstLine` on the page: its class, computed white-space and rendered text. */
async function shown(page: Page, firstLine: string) {
  const paragraph = page.locator("p", { hasText: firstLine });
  await paragraph.waitFor();
  return paragraph.evaluate((el) => ({
    className: el.className,
    whiteSpace: getComputedStyle(el).whiteSpace,
    text: (el as HTMLElement).innerText,
  }));
}

const expectLines = (seen: Awaited<ReturnType<typeof shown>>, text: string) => {
  expect(seen.className).toContain("multiline");
  expect(seen.whiteSpace).toBe("pre-line");
  expect(seen.text).toContain(text);
};

forBoth(
  "a job's, an estimate's and an invoice's multi-line description, message and notes keep their line breaks",
  async ({ page }) => {
    const customerId = demoRecordIds("company admin").customers;
    const job = await pageApi<{ data: { id: number } }>(page, "post", "/api/jobs", {
      customerId,
      name: `Multi-line job ${Date.now()}`,
      description,
      message,
      privateNotes: notes,
    });
    await page.goto(`/jobs/${job.data.id}`);
    expectLines(await shown(page, "First line of the visit"), description);
    expectLines(await shown(page, "Thanks for choosing us!"), message);
    expectLines(await shown(page, "Dog in the yard"), notes);

    const estimate = await pageApi<{ data: { id: number } }>(page, "post", "/api/estimates", {
      customerId,
      description,
      lineItems: [{ name: "Inspection", unitPrice: 50 }],
    });
    await page.goto(`/estimates/${estimate.data.id}`);
    expectLines(await shown(page, "First line of the visit"), description);

    const invoice = await pageApi<{ data: { id: number } }>(page, "post", "/api/invoices", {
      customerId,
      message,
      privateNotes: notes,
      lineItems: [{ name: "Repair", unitPrice: 100 }],
    });
    await page.goto(`/invoices/${invoice.data.id}`);
    expectLines(await shown(page, "Thanks for choosing us!"), message);
    expectLines(await shown(page, "Dog in the yard"), notes);
  },
  { role: "company admin", timeout: 120_000 },
);
