import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { baseUrl, demoRecordIds, expectNoA11yViolations, forBoth, liveSessionCookie, screenshot } from "./harness";

const mode = (javaScript: boolean) => (javaScript ? "js" : "nojs");

/** Reloads the job page until its customer messages list shows a line (the dispatcher runs on the queue). */
async function waitForMessage(page: Page, jobId: number, text: RegExp, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  const list = page.getByRole("list", { name: "Messages to the customer" });
  for (;;) {
    const lines = (await list.count()) ? await list.getByRole("listitem").allTextContents() : [];
    if (lines.some((l) => text.test(l))) return lines;
    if (Date.now() > deadline) await screenshot(page, `reminders-failed-${jobId}`);
    if (Date.now() > deadline)
      throw new Error(`No message line matching ${text} on job ${jobId}: ${lines.join(" | ")}`);
    await new Promise((r) => setTimeout(r, 1000));
    await page.goto(`/jobs/${jobId}`);
  }
}

/** A scheduled job for a demo customer, made through the API. */
async function newScheduledJob(name: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/jobs`, {
    method: "POST",
    headers: { Cookie: await liveSessionCookie("company admin"), "Content-Type": "application/json" },
    body: JSON.stringify({
      customerId: demoRecordIds("company admin").customers,
      name,
      startTime: "2031-06-02T14:00:00Z",
      endTime: "2031-06-02T15:00:00Z",
    }),
  });
  const body = (await response.json()) as { data?: { id: number }; id?: number };
  const id = body.data?.id ?? body.id;
  if (!response.ok || !id) throw new Error(`POST /api/jobs answered ${response.status}: ${JSON.stringify(body)}`);
  return id;
}

forBoth(
  "the company admin sets appointment reminders: two days before at 08:30 by email, kept after saving",
  async ({ page, javaScript }) => {
    await page.goto("/settings");
    await page.getByRole("link", { name: /Reminders/ }).click();
    await page.waitForURL(/\/settings\/reminders$/);
    await page.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `settings-reminders-${mode(javaScript)}`);
    const time = javaScript ? "08:30" : "07:45";
    await page.getByLabel("Send appointment reminders").check();
    await page.getByLabel("When").selectOption({ label: "2 days before" });
    await page.getByLabel("Send time").fill(time);
    await page.getByLabel("Send by").selectOption({ label: "Email" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Reminder settings were saved successfully!").first().waitFor();
    await page.goto("/settings/reminders");
    expect(await page.getByLabel("Send appointment reminders").isChecked()).toBe(true);
    expect(await page.getByLabel("When").inputValue()).toBe("2");
    expect(await page.getByLabel("Send time").inputValue()).toBe(time);
    expect(await page.getByLabel("Send by").inputValue()).toBe("2");
  },
  { role: "company admin", timeout: 90_000 },
);

forBoth(
  "reminder settings on a phone",
  async ({ page }) => {
    await page.goto("/settings/reminders");
    await expectNoA11yViolations(page);
    await screenshot(page, "settings-reminders-375");
  },
  { role: "company admin", width: 375 },
);

test("a wrong send time comes back with its message and the values kept (422)", async () => {
  const form = new URLSearchParams({
    intent: "save",
    appointmentRemindersOn: "on",
    appointmentDaysBefore: "3",
    appointmentSendTime: "25:00",
    appointmentChannel: "1",
  });
  const response = await fetch(`${baseUrl()}/settings/reminders`, {
    method: "POST",
    headers: { Cookie: await liveSessionCookie("company admin"), "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  expect(response.status).toBe(422);
  const html = await response.text();
  expect(html).toContain("Send time must be a time of day (HH:MM)");
  expect(html).toContain("25:00");
});

test("a field tech may not open the reminder settings", async () => {
  const response = await fetch(`${baseUrl()}/settings/reminders`, {
    headers: { Cookie: await liveSessionCookie("field tech") },
    redirect: "manual",
  });
  expect(response.status).toBe(403);
});

forBoth(
  "'Send visit details' by email puts a message in the outbox, shown sent on the job page",
  async ({ page, javaScript }) => {
    const jobId = await newScheduledJob(`E2E visit details ${mode(javaScript)} ${Date.now()}`);
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("heading", { name: "Customer messages" }).waitFor();
    await page.getByLabel("Email", { exact: true }).check();
    await page.getByRole("button", { name: "Send visit details" }).click();
    await page.getByText("Visit details are on their way to the customer").first().waitFor();
    await expectNoA11yViolations(page);
    await waitForMessage(page, jobId, /Visit details · Email · Sent/);
    await screenshot(page, `jobs-send-visit-details-${mode(javaScript)}`);
  },
  { role: "company admin", timeout: 90_000 },
);

forBoth(
  "a status change with 'Notify customer' sends the on-my-way message",
  async ({ page, javaScript }) => {
    const jobId = await newScheduledJob(`E2E on my way ${mode(javaScript)} ${Date.now()}`);
    await page.goto(`/jobs/${jobId}`);
    await page.getByLabel("Notify customer").check();
    await page.getByRole("button", { name: "On my way", exact: true }).click();
    await page.getByRole("button", { name: "Undo On my way" }).waitFor();
    await waitForMessage(page, jobId, /On my way · Text and email · Sent/);
  },
  { role: "company admin", timeout: 90_000 },
);
