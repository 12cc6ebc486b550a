import { expect } from "vitest";
import { baseUrl, demoRecordIds, expectNoA11yViolations, forBoth, liveSessionCookie, screenshot } from "./harness";
import { adminPdfText } from "./pdf-text";

/** A finished job of the demo company, made through the API: $120 + $30.50, 10% off, 8.25% tax on the first line. */
async function finishedJob(label: string): Promise<number> {
  const cookie = await liveSessionCookie("company admin");
  const call = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as { data: { id: number } };
  };
  const { data } = await call("POST", "/api/jobs", {
    customerId: demoRecordIds("company admin").customers,
    name: `Invoice e2e ${label} ${Date.now()}`,
    startTime: "2031-05-01T13:00:00Z",
    endTime: "2031-05-01T14:00:00Z",
    taxRate: 8.25,
    discount: 15,
    lineItems: [
      { name: "Water heater flush", unitPrice: 120, isTaxable: true },
      { name: "Valve", unitPrice: 30.5, quantity: 1 },
    ],
  });
  for (const status of [3, 4]) await call("PUT", "/api/jobs/updateJobStatus", { jobId: data.id, status });
  return data.id;
}

forBoth(
  "the company admin invoices a finished job, records a partial payment then the rest, and the job is paid",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const jobId = await finishedJob(mode);
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    const title = page.getByRole("heading", { level: 1, name: /Invoice #\d+/ });
    await title.waitFor();
    const heading = await title.textContent();
    const number = /Invoice #(\d+)/.exec(heading ?? "")?.[1];
    expect(number).toBeTruthy();
    // 120 + 30.50 = 150.50; discount 15; taxable share 120 - 15 x 120/150.5 = 108.04; tax 8.91; total 144.41.
    const totals = page.getByRole("table").first();
    await totals.getByText("$144.41").first().waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `invoices-details-${mode}`);

    await page.getByLabel("Amount ($)").fill("44.41");
    await page.getByLabel("Method").selectOption({ label: "Check" });
    await page.getByLabel("Note").fill("Check #1001");
    await page.getByRole("button", { name: "Record payment" }).click();
    await page.getByRole("cell", { name: "Check #1001" }).waitFor();
    expect(await page.getByLabel("Amount ($)").inputValue()).toBe("100.00");
    // The form now offers the balance: recording it pays the invoice in full.
    await page.getByRole("button", { name: "Record payment" }).click();
    await page.getByText("Paid in full.").waitFor();
    await expect(page.getByRole("cell", { name: "$100.00" }).count()).resolves.toBe(1);
    await page.getByText("Paid", { exact: true }).first().waitFor();
    await screenshot(page, `invoices-paid-${mode}`);

    const href = await page.getByRole("link", { name: "PDF" }).getAttribute("href");
    const text = await adminPdfText(href!);
    expect(text).toContain(`Invoice #${number}`);
    for (const shown of ["Water heater flush", "$150.50", "-$15.00", "$8.91", "$144.41", "Balance due", "$0.00"])
      expect(text).toContain(shown);

    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("link", { name: `Invoice #${number}` }).waitFor();
    await page.getByText("Paid").first().waitFor();

    await page.goto(`/invoices?q=${number}`);
    await page.getByRole("link", { name: `#${number}` }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `invoices-list-${mode}`);
  },
  { role: "company admin", timeout: 120_000 },
);

forBoth(
  "the invoices list and an invoice on a phone",
  async ({ page }) => {
    const jobId = await finishedJob("phone");
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoices\/\d+$/);
    await expectNoA11yViolations(page);
    await screenshot(page, "invoices-details-375");
    await page.goto("/invoices?status=0");
    await expectNoA11yViolations(page);
    await screenshot(page, "invoices-list-375");
  },
  { role: "company admin", width: 375, timeout: 120_000 },
);
