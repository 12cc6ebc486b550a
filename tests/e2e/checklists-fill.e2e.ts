import { beforeAll, expect } from "vitest";
import type { Page } from "playwright-core";
import { solidImage } from "../helpers/solid-image";
import {
  allowConsoleErrors,
  baseUrl,
  demoRecordIds,
  expectNoA11yViolations,
  forBoth,
  liveSessionCookie,
  screenshot,
} from "./harness";
import { createForm } from "./public-checklist-setup";

// The office assigns a form on a job's page and fills it in on a 375 px phone: every item type,
// JavaScript off (the typed name signs) and on (a drawn signature), the errors beside their fields,
// then the job shows it completed.

const FORM_NAME = `Van check ${Date.now()}`;
const ITEMS = [
  { type: 0, label: "Tyres checked", required: true },
  { type: 1, label: "Mileage", required: true },
  { type: 2, label: "Photos of the van", required: false },
  { type: 3, label: "Needs a service", required: false },
  { type: 4, label: "Body condition", required: true },
  { type: 5, label: "Driver signature", required: true },
  { type: 6, label: "Fuel full", required: true },
  { type: 7, label: "Notes", required: false },
  { type: 8, label: "Next check", required: true, options: ["Next week", "Next month"] },
];
const jobs: Record<"off" | "on", number> = { off: 0, on: 0 };

beforeAll(async () => {
  const admin = await liveSessionCookie("company admin");
  await createForm(baseUrl(), admin, FORM_NAME, ITEMS);
  for (const key of ["off", "on"] as const) {
    const created = await fetch(`${baseUrl()}/api/jobs`, {
      method: "POST",
      headers: { Cookie: admin, "Content-Type": "application/json", Origin: baseUrl() },
      body: JSON.stringify({
        customerId: demoRecordIds("company admin").customers,
        name: `Van check job ${key} ${Date.now()}`,
        lineItems: [{ name: "Visit", unitPrice: 10 }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    jobs[key] = ((await created.json()) as { data: { id: number } }).data.id;
  }
});

/** Nothing of the checklist's section or form is wider than its box on a 375 px phone. */
async function fitsPhone(page: Page, selector: string) {
  const box = page.locator(selector).first();
  const { scroll, client } = await box.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  expect(client).toBeLessThan(375);
}

const SECTION = 'section[aria-labelledby="job-checklists"]';
const FORM = 'form[enctype="multipart/form-data"]';

forBoth(
  "assign a form on a job and fill in every item type",
  async ({ page, javaScript }) => {
    const jobId = jobs[javaScript ? "on" : "off"];
    allowConsoleErrors(page, /status of 422/);
    await page.goto(`/jobs/${jobId}`);
    const section = page.getByRole("region", { name: "Checklists" });
    expect(await section.getByText("No checklists yet.").isVisible()).toBe(true);

    // Assign without choosing: the error is beside the forms.
    await section.getByRole("button", { name: "Assign" }).click();
    await page.getByText("Choose at least one form").waitFor();
    await page.getByRole("region", { name: "Checklists" }).getByRole("checkbox", { name: FORM_NAME }).check();
    await page.getByRole("region", { name: "Checklists" }).getByRole("button", { name: "Assign" }).click();
    await page.getByText("Not completed").waitFor();
    await fitsPhone(page, SECTION);
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: `Fill in ${FORM_NAME}` }).click();
    await page.getByRole("heading", { level: 1, name: FORM_NAME }).waitFor();
    await fitsPhone(page, FORM);
    await expectNoA11yViolations(page);

    // Saved empty: each required item is asked for beside its field; typed values stay.
    await page.getByLabel("Notes").fill("Scratch on the left door");
    await page.getByRole("button", { name: "Save checklist" }).click();
    for (const message of [
      "Tyres checked is required",
      "Mileage is required",
      "Body condition is required",
      "Driver signature is required",
      "Fuel full is required",
      "Next check is required",
    ])
      await page.getByText(message).waitFor();
    expect(await page.getByLabel("Notes").inputValue()).toBe("Scratch on the left door");
    await expectNoA11yViolations(page);

    await page.getByLabel("Tyres checked (required)").check();
    await page.getByLabel("Mileage (required)").fill("48210");
    await page.getByLabel("Add photos").setInputFiles({
      name: "van.png",
      mimeType: "image/png",
      buffer: await solidImage(80, 60),
    });
    await page.getByLabel("Needs a service (flag)").check();
    await page.getByRole("radio", { name: "Fair" }).check();
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("radio", { name: "Next month" }).check();
    if (javaScript) {
      const pad = page.getByRole("img", { name: "Draw your signature (optional)" });
      // Clear of the sticky header.
      await pad.evaluate((e) => e.scrollIntoView({ block: "center" }));
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
      await page.mouse.up();
      await page.getByText("Signature drawn").waitFor();
    } else {
      expect(await page.getByText("Draw your signature (optional)").isVisible()).toBe(false);
      await page.getByLabel("Signer's full name").fill("Dana Driver");
    }
    await page.getByRole("button", { name: "Save checklist" }).click();
    await page.waitForURL(new RegExp(`/jobs/${jobId}$`));
    await page.getByText(`${FORM_NAME} was saved`).first().waitFor();
    const saved = page.getByRole("region", { name: "Checklists" });
    expect(await saved.getByText("Completed", { exact: true }).isVisible()).toBe(true);
    expect(await saved.getByText(/^Answered by /).isVisible()).toBe(true);
    await fitsPhone(page, SECTION);
    await screenshot(page, `job-checklist-completed-js-${javaScript ? "on" : "off"}`);

    // The stored photo and signature show on the fill-in screen, each with a way to remove it.
    await page.getByRole("link", { name: `Fill in ${FORM_NAME}` }).click();
    await page.getByRole("img", { name: "Photos of the van: photo 1" }).waitFor();
    expect(await page.getByRole("img", { name: "Driver signature: signature 1" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Remove photo 1").isVisible()).toBe(true);
    expect(await page.getByLabel("Mileage (required)").inputValue()).toBe("48210");
    await expectNoA11yViolations(page);
  },
  { role: "company admin", phone: true, timeout: 120_000 },
);
