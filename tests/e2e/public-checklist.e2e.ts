import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { solidImage } from "../helpers/solid-image";
import { baseUrl, demoRecordIds, expectNoA11yViolations, forBoth, liveSessionCookie, screenshot } from "./harness";
import { assignToNewRecord, createForm, type AssignedChecklist } from "./public-checklist-setup";

// A customer without an account fills a job's checklist on the public form (JavaScript off: the typed
// name signs; on: a drawn signature), on a 320 px phone, then reads the public checklist page.

const FORM_NAME = `Yard visit ${Date.now()}`;
let admin: string;
const checklists: Record<"off" | "on" | "budget", AssignedChecklist> = {} as never;

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  const customerId = demoRecordIds("company admin").customers;
  const formId = await createForm(baseUrl(), admin, FORM_NAME);
  for (const key of ["off", "on", "budget"] as const)
    checklists[key] = await assignToNewRecord(baseUrl(), admin, { customerId, formId });
});

/** Nothing wider than a 320 px phone. */
async function fitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
}

forBoth(
  "a customer fills the public form, then reads the public checklist",
  async ({ page, javaScript }) => {
    const checklist = checklists[javaScript ? "on" : "off"];
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(checklist.formPath);
    expect(await page.getByRole("heading", { level: 1, name: FORM_NAME }).isVisible()).toBe(true);
    expect(await page.getByText("Blue Ridge Heating & Air").first().isVisible()).toBe(true);
    await fitsPhone(page);
    await expectNoA11yViolations(page);

    // Sent empty: the required answers are asked for, beside their fields.
    await page.getByRole("button", { name: "Send answers" }).click();
    await page.getByText("Please correct 3 answers below.").waitFor();
    for (const message of ["Gate closed is required", "Lawn condition is required", "Signature is required"])
      expect(await page.getByText(message).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    await page.getByLabel("Gate closed").check();
    await page.getByLabel("Pet name").fill("Rex");
    await page.getByRole("radio", { name: "Good" }).check();
    await page.getByRole("radio", { name: "Afternoon" }).check();
    await page.getByLabel("Photos of the yard").setInputFiles({
      name: "yard.png",
      mimeType: "image/png",
      buffer: await solidImage(80, 60),
    });
    if (javaScript) {
      // The pad shows only with JavaScript: a stroke on it signs.
      const pad = page.getByRole("img", { name: "Draw your signature (optional)" });
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
      await page.mouse.move(box.x + 200, box.y + 30, { steps: 8 });
      await page.mouse.up();
      await page.getByText("Signature drawn").waitFor();
    } else {
      expect(await page.getByText("Draw your signature (optional)").isVisible()).toBe(false);
      await page.getByLabel("Signature: your full name").fill("Grace Customer");
    }
    await page.getByRole("button", { name: "Send answers" }).click();
    await page.waitForURL(/\?thanks$/);
    expect(await page.getByText("Thank you! Your answers were sent to Blue Ridge Heating & Air.").isVisible()).toBe(
      true,
    );
    await fitsPhone(page);
    await screenshot(page, `public-form-thanks-js-${javaScript ? "on" : "off"}`);

    await page.goto(checklist.publicPath);
    expect(await page.getByRole("heading", { level: 1, name: FORM_NAME }).isVisible()).toBe(true);
    expect(await page.getByText(/^Completed on /).isVisible()).toBe(true);
    const answers = page.getByRole("region", { name: "Answers" });
    for (const text of ["Checked", "Rex", "Good", "1 image", "Signed", "Afternoon"])
      expect(await answers.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    for (const image of ["Photos of the yard, photo 1", "Signature: Signature"]) {
      const img = page.getByRole("img", { name: image });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await fitsPhone(page);
    await expectNoA11yViolations(page);
    await screenshot(page, `public-checklist-js-${javaScript ? "on" : "off"}`);

    // The form is now read-only, with a note.
    await page.goto(checklist.formPath);
    expect(await page.getByText(/^This form was completed on .*It can no longer be changed\.$/).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Send answers" }).count()).toBe(0);
  },
  { timeout: 120_000 },
);

describe("public checklist pages", () => {
  it("weighs under 30 KB gzipped with its stylesheet", async () => {
    const wire = (url: string) =>
      new Promise<number>((resolve, reject) =>
        http
          .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () => resolve(bytes));
          })
          .on("error", reject),
      );
    const url = `${baseUrl()}${checklists.budget.formPath}`;
    const html = await (await fetch(url)).text();
    expect(html).toContain(FORM_NAME);
    const sheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    let total = await wire(url);
    for (const href of sheets) total += await wire(new URL(href, baseUrl()).toString());
    expect(total).toBeLessThan(30 * 1024);
  });

  it("/jobs/public-checklist/... is the public page, signed in or not, never the job's page", async () => {
    const { publicPath } = checklists.budget;
    for (const headers of [{}, { Cookie: admin }] as Record<string, string>[]) {
      const res = await fetch(`${baseUrl()}${publicPath}`, { headers, redirect: "manual" });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toContain("no-store");
      const html = await res.text();
      expect(html).toContain(`<h1 style="margin:0">${FORM_NAME}</h1>`);
      expect(html).toContain("Not completed yet.");
      expect(html).not.toContain('type="module"');
    }
  });
});
