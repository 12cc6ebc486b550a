import { expect } from "vitest";
import type { Page } from "playwright-core";
import { expectNoA11yViolations, forBoth, screenshot } from "./harness";

/** Closes the toast (without JavaScript it stays until dismissed, over the page's lower buttons). */
async function dismissToast(page: Page) {
  const dismiss = page.getByRole("link", { name: "Dismiss" });
  if (await dismiss.isVisible()) await dismiss.click();
  await dismiss.waitFor({ state: "hidden" });
}

forBoth(
  "a technician makes, renews and turns off their calendar link from the profile menu",
  async ({ page, javaScript }) => {
    await page.goto("/schedule");
    await page.getByLabel("Profile menu").click();
    await page.getByRole("link", { name: "Calendar Feed" }).click();
    await page.getByRole("heading", { level: 1, name: "Calendar feed" }).waitFor();
    await page.getByText("Add the visits assigned to you to Google Calendar", { exact: false }).waitFor();
    // A link left by an earlier run is turned off first.
    if (await page.getByRole("link", { name: "Turn Off" }).count()) {
      await page.getByRole("link", { name: "Turn Off" }).click();
      await page
        .getByRole("dialog", { name: "Turn Off Calendar Feed" })
        .getByRole("button", { name: "Turn Off" })
        .click();
      await page.getByText("Your calendar feed is off.").waitFor();
      await dismissToast(page);
    }

    await page.getByRole("button", { name: "Create Calendar Link" }).click();
    await page.getByText("Your calendar link is ready.").waitFor();
    await dismissToast(page);
    const link = page.getByLabel("Calendar link");
    const first = await link.inputValue();
    expect(first).toMatch(/^http:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\/visits\.ics$/);
    const feed = await page.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(await page.getByRole("link", { name: "Open in Apple Calendar or Outlook" }).getAttribute("href")).toBe(
      first.replace(/^http:/, "webcal:"),
    );
    expect(await page.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href")).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(first.replace(/^http:/, "webcal:"))}`,
    );
    await expectNoA11yViolations(page);
    await screenshot(page, `calendar-feed-375-${javaScript ? "js" : "nojs"}`);

    await page.getByRole("link", { name: "Renew Link" }).click();
    const renew = page.getByRole("dialog", { name: "Renew Link" });
    await renew.getByText("The current link stops working at once.", { exact: false }).waitFor();
    await renew.getByRole("button", { name: "Renew Link" }).click();
    await page.getByText("A new link replaces the old one.").waitFor();
    const second = await page.getByLabel("Calendar link").inputValue();
    expect(second).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);
  },
  { role: "field tech", phone: true, timeout: 60_000 },
);
