import { expect } from "vitest";
import {
  allowConsoleErrors,
  baseUrl,
  demoRecordIds,
  expectNoA11yViolations,
  forBoth,
  liveSessionCookie,
  screenshot,
} from "./harness";
import { adminPdfText } from "./pdf-text";

/** An estimate of a demo customer with two options, made through the API. */
async function newEstimate(name: string): Promise<{ id: number; number: number }> {
  const res = await fetch(`${baseUrl()}/api/estimates`, {
    method: "POST",
    headers: { Cookie: await liveSessionCookie("company admin"), "Content-Type": "application/json" },
    body: JSON.stringify({
      customerId: demoRecordIds("company admin").customers,
      name,
      taxRate: 8.25,
      discount: 10,
      message: "Valid for 30 days.",
      options: [
        {
          name: "Repair",
          lineItems: [
            { name: "Valve", unitPrice: 120, isTaxable: true },
            { name: "Insulation", unitPrice: 40, optionalState: { isRecommended: true, isApproved: false } },
          ],
        },
        { name: "Replace", lineItems: [{ name: "Water heater", unitPrice: 900, isTaxable: true }] },
      ],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: number; number: number } }).data;
}

forBoth(
  "the company admin sends an estimate by email, sees it sent with the customer's link, and downloads its PDF",
  async ({ page, javaScript }) => {
    const mode = javaScript ? "js" : "nojs";
    const { id, number } = await newEstimate(`Estimate send e2e ${mode} ${Date.now()}`);
    await page.goto(`/estimates/${id}`);
    const section = page.getByRole("form", { name: "Send estimate" });
    await section.waitFor();
    expect(await section.getByRole("textbox", { name: "Customer's link" }).inputValue()).toMatch(
      /^https?:\/\/[^/]+\/estimate-details\/[A-Za-z0-9_-]+$/,
    );

    // A phone that is no phone: the field says so (a 422 answer) and nothing is sent.
    allowConsoleErrors(page, /status of 422/);
    await section.getByRole("radio", { name: "Text" }).check();
    await section.getByRole("textbox", { name: "Phone" }).fill("123");
    await section.getByRole("button", { name: "Send estimate" }).click();
    await page.getByText("Phone number must be valid").waitFor();
    expect(await page.locator(".badge.status-4").count()).toBe(0);
    await page.goto(`/estimates/${id}`);

    await section.getByRole("radio", { name: "Email" }).check();
    await section.getByRole("textbox", { name: "Email" }).fill(`estimate-${mode}@example.com`);
    await section.getByRole("button", { name: "Send estimate" }).click();
    await page.getByText("Estimate was sent to the customer").first().waitFor();
    await page.locator(".badge.status-4").getByText("Sent").waitFor();
    await section.getByRole("button", { name: "Resend by email" }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `estimates-sent-${mode}`);

    await section.getByRole("button", { name: "Resend by email" }).click();
    await page.getByText("Estimate was sent again by email").first().waitFor();

    const href = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    expect(href).toBe(`/api/estimates/${id}/pdf`);
    const text = await adminPdfText(href!);
    for (const shown of [
      `Estimate #${number}`,
      "Status: Sent",
      "Repair",
      "Replace",
      "Insulation (optional, recommended)",
      "Tax (8.25%)",
      "Valid for 30 days.",
    ])
      expect(text).toContain(shown);
  },
  { role: "company admin", timeout: 90_000 },
);

forBoth(
  "the estimate follow-up settings are saved on /settings/reminders",
  async ({ page, javaScript }) => {
    await page.goto("/settings/reminders");
    const form = page.getByRole("form", { name: "Estimate follow-ups" });
    await form.getByLabel("Estimate follow-up").selectOption({ label: "2 days after sending" });
    await form.getByLabel("Then remind").selectOption({ label: "Every 48 hours" });
    await form.getByRole("button", { name: "Set estimate follow-ups" }).click();
    await page.getByText("Estimate follow-up settings were saved successfully!").first().waitFor();
    await page.reload();
    expect(await form.getByLabel("Estimate follow-up").inputValue()).toBe("2");
    expect(await form.getByLabel("Then remind").inputValue()).toBe("48");
    await expectNoA11yViolations(page);
    await screenshot(page, `estimates-follow-up-settings-${javaScript ? "js" : "nojs"}`);
    // Back to off, so other tests' estimates plan nothing.
    await form.getByLabel("Estimate follow-up").selectOption({ label: "Off" });
    await form.getByRole("button", { name: "Set estimate follow-ups" }).click();
    await page.getByText("Estimate follow-up settings were saved successfully!").first().waitFor();
  },
  { role: "company admin", timeout: 60_000 },
);
