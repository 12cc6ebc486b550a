import { expect } from "vitest";
import { baseUrl, demoRecordIds, forBoth, screenshot } from "./harness";
import { PNG } from "../helpers/tiny-png";

forBoth(
  "attaches and deletes a file on an approved estimate, then copies it to a job and lands on the job with its lines",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const title = `E2E copy ${mode} ${Date.now()}`;
    const created = await page.request.post(`${baseUrl()}/api/estimates`, {
      data: {
        customerId: demoRecordIds("company admin").customers,
        name: title,
        taxRate: 0,
        options: [
          {
            name: "Only",
            lineItems: [
              { name: "Water heater", unitPrice: 1200 },
              { name: "Expansion tank", unitPrice: 150, optionalState: { isRecommended: true, isApproved: true } },
              { name: "Water softener", unitPrice: 900, optionalState: { isRecommended: false, isApproved: false } },
            ],
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: number };
    // The customer's answer, as the office records it (sent, then approved).
    for (const status of [4, 5]) {
      const moved = await page.request.put(`${baseUrl()}/api/estimates/${id}/status`, { data: { status } });
      expect(moved.status()).toBe(200);
    }

    await page.goto(`/estimates/${id}`);
    const attachments = page.getByRole("region", { name: "Attachments" });
    await attachments
      .getByLabel("Add a file")
      .setInputFiles({ name: `site-${mode}.png`, mimeType: "image/png", buffer: PNG });
    await attachments.getByRole("button", { name: "Upload" }).click();
    await page.getByText("File was uploaded successfully!").first().waitFor();
    await attachments.getByRole("link", { name: `site-${mode}.png` }).waitFor();
    const photos = page.getByRole("region", { name: "Current state" });
    await photos
      .getByLabel("Add a file")
      .setInputFiles({ name: `before-${mode}.png`, mimeType: "image/png", buffer: PNG });
    await photos.getByRole("button", { name: "Upload" }).click();
    await photos.getByRole("link", { name: `before-${mode}.png` }).waitFor();
    await screenshot(page, `estimate-files-${mode}`);
    await attachments.getByRole("button", { name: `Delete site-${mode}.png` }).click();
    await page.getByText("File was deleted successfully!").first().waitFor();
    expect(await attachments.getByRole("link", { name: `site-${mode}.png` }).count()).toBe(0);
    expect(await photos.getByRole("link", { name: `before-${mode}.png` }).count()).toBe(1);

    await page.getByRole("button", { name: "Copy to job" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    const jobId = Number(new URL(page.url()).pathname.split("/").pop());
    await page.getByText(`Estimate was copied to job #${jobId}`).first().waitFor();
    await page.getByRole("heading", { name: new RegExp(title) }).waitFor();
    await page.getByText("Water heater").first().waitFor();
    await page.getByText("Expansion tank").first().waitFor();
    expect(await page.getByText("Water softener").count()).toBe(0);
    await page.getByText("$1,350.00").first().waitFor();
    await page.getByText("Created from an estimate").first().waitFor();
    await screenshot(page, `estimate-copied-job-${mode}`);

    await page.goto(`/estimates/${id}`);
    await page.getByRole("link", { name: `Copied to job #${jobId}` }).waitFor();
    expect(await page.getByRole("button", { name: "Copy to job" }).count()).toBe(0);
  },
  { role: "company admin", timeout: 120_000 },
);
