import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { QuestionType } from "~/models/booking/booking.schema";
import { solidImage } from "../helpers/solid-image";
import { createBookingForm, type BookingFormSetup } from "./booking-form-setup";
import { baseUrl, expectNoA11yViolations, newPage, screenshot } from "./harness";

// The customer's side of online booking on an old phone: JavaScript off, 320 px wide, the whole
// booking from the form to the confirmation page, with a photo.

let setup: BookingFormSetup;
beforeAll(async () => {
  setup = await createBookingForm(baseUrl(), {
    name: "Bookings",
    questions: [
      { type: QuestionType.Radio, label: "How urgent is it?", isRequired: true, options: ["Today", "This week"] },
      { type: QuestionType.UploadImage, label: "Photo of the unit" },
    ],
  });
});

describe("the public booking form without JavaScript at 320 px", () => {
  it("books a time with a photo and shows what was booked", async () => {
    const page = await newPage({ javaScript: false });
    await page.setViewportSize({ width: 320, height: 640 });
    const response = await page.goto(`/online-booking/${setup.formUrl}`);
    expect(response?.status()).toBe(200);
    // No framework: only the small inline day script, no script file.
    expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Book online" }).isVisible()).toBe(true);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoA11yViolations(page);

    // A submit without a time or the required answer: the messages beside the fields, values kept.
    await page.getByLabel("First Name").fill("Nina");
    await page.getByRole("button", { name: "Request booking" }).click();
    expect(await page.getByText("Choose a time").isVisible()).toBe(true);
    expect(await page.getByText("How urgent is it? is required").isVisible()).toBe(true);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Nina");
    await screenshot(page, "online-booking-errors-320");

    // Another day from the day picker (a GET), then the whole form.
    const days = await page.getByLabel("Day", { exact: true }).locator("option").allTextContents();
    expect(days.length).toBeGreaterThan(1);
    await page.getByLabel("Day", { exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Show times" }).click();
    await page.waitForURL(/\?day=\d{4}-\d{2}-\d{2}/);
    const time = page.getByRole("radio").first();
    const timeLabel = (await page.locator("label:has(input[name=startTime])").first().textContent())!.trim();
    const start = (await time.getAttribute("value"))!;
    const chosenDay = new URL(page.url()).searchParams.get("day")!;
    await time.check();
    await page.getByRole("radio", { name: "This week" }).check();
    const folder = mkdtempSync(path.join(os.tmpdir(), "booking-photo-"));
    const photo = path.join(folder, "unit.jpg");
    writeFileSync(photo, await solidImage(640, 480, "jpeg"));
    await page.getByLabel("Photo of the unit").setInputFiles(photo);
    await page.getByLabel("First Name").fill("Nina");
    await page.getByLabel("Last Name").fill("Park");
    await page.getByLabel("Phone").fill("(704) 555-0123");
    await page.getByLabel("Address").fill("12 Elm St, Charlotte, NC");
    await page.getByRole("button", { name: "Request booking" }).click();

    await page.waitForURL(/\?confirmed=/);
    expect(await page.getByRole("heading", { name: "Thank you! Your request was sent." }).isVisible()).toBe(true);
    const details = (await page.locator("dl").textContent())!;
    expect(details).toContain("Nina Park");
    expect(details).toContain("12 Elm St, Charlotte, NC");
    expect(details).toContain("(704) 555-0123");
    expect(details).toContain(timeLabel);
    expect(details).toContain("How urgent is it?This week");
    expect(details).toContain("Photo of the unit1 photo(s)");
    await expectNoA11yViolations(page);
    await screenshot(page, "online-booking-confirmed-320");

    // Back on the form, the booked time is no longer offered (the company's one employee holds it).
    await page.goto(`/online-booking/${setup.formUrl}?day=${chosenDay}`);
    expect(await page.locator(`input[name=startTime][value="${start}"]`).count()).toBe(0);
    expect(await page.locator("input[name=startTime]").count()).toBeGreaterThan(0);
  });

  it("with JavaScript, another day's windows load in place and what was typed stays", async () => {
    const page = await newPage({ javaScript: true });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/online-booking/${setup.formUrl}`);
    await page.getByLabel("First Name").fill("Omar");
    const before = await page.locator("input[name=startTime]").first().getAttribute("value");
    const day = page.getByLabel("Day", { exact: true });
    const third = (await day.locator("option").nth(2).getAttribute("value"))!;
    await day.selectOption(third);
    await page.waitForURL(new RegExp(`\\?day=${third}$`));
    await page.waitForFunction(
      (b) => document.querySelector("input[name=startTime]")?.getAttribute("value") !== b,
      before,
    );
    expect(await page.locator("input[name=day]").inputValue()).toBe(third);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Omar");
    await page.getByRole("radio").first().check();
    await page.getByRole("radio", { name: "Today" }).check();
    await page.getByLabel("Email").fill("omar@example.com");
    await page.getByLabel("Address").fill("3 Pine Rd");
    await page.getByRole("button", { name: "Request booking" }).click();
    await page.waitForURL(/\?confirmed=/);
    expect(await page.getByRole("heading", { name: "Thank you! Your request was sent." }).isVisible()).toBe(true);
  });

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
    const url = `${baseUrl()}/online-booking/${setup.formUrl}`;
    const html = await (await fetch(url)).text();
    const sheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    let total = await wire(url);
    for (const href of sheets) total += await wire(new URL(href, baseUrl()).toString());
    expect(total).toBeLessThan(30 * 1024);
  });

  it("answers 404 for an unknown form address", async () => {
    const res = await fetch(`${baseUrl()}/online-booking/no-such-form-${Date.now()}`);
    expect(res.status).toBe(404);
  });
});
