import { expect, test } from "vitest";
import { expectNoA11yViolations, forBoth, newPage, screenshot, signIn, type Width } from "./harness";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

forBoth(
  "edits the On My Way message with the preview, an error on the field, then resets it",
  async ({ page, javaScript }) => {
    await page.goto("/communication");
    await page.getByRole("heading", { name: "Communication", level: 1 }).waitFor();
    expect(await page.getByRole("navigation", { name: "Tabs" }).getByRole("link").allTextContents()).toEqual([
      "Messages",
      "Custom Campaigns",
    ]);
    for (const name of ["Job Scheduled", "On My Way", "Send Invoice", "Send Estimate", "Send Visit Details"])
      expect(await page.getByRole("heading", { name, level: 3 }).isVisible(), name).toBe(true);
    expect(await page.getByRole("heading", { name: "Appointment Reminder" }).count()).toBe(0);

    await page.getByRole("link", { name: "Edit On My Way message" }).click();
    await page.waitForURL(/\/communication\?edit=2$/);
    const sms = page.getByLabel("Text Message", { exact: true });
    await sms.waitFor();
    const smsPreview = page.getByRole("figure", { name: "Text message preview" });
    const emailPreview = page.getByRole("figure", { name: "Email preview" });
    expect(await smsPreview.getByText("PREVIEW").isVisible()).toBe(true);
    expect(await smsPreview.getByText("(XXX) XXX-XXXX").isVisible()).toBe(true);
    expect(await emailPreview.getByText("Powered by").isVisible()).toBe(true);
    expect(await emailPreview.getByText("Blue Ridge Heating & Air").first().isVisible()).toBe(true);
    // The default's variables shown with the sample values.
    expect(await smsPreview.getByText("Hi John, Alex Johnson from Blue Ridge Heating & Air").isVisible()).toBe(true);

    const mark = unique();
    await sms.fill(`Hi {{customer_first_name}}, {{oops}} ${mark}`);
    if (javaScript) {
      // Live: the preview follows the typing.
      await smsPreview.getByText(`Hi John, ${mark}`).waitFor();
      await sms.fill("a".repeat(170));
      await page.getByText("2 segments").waitFor();
      await sms.fill(`Hi {{customer_first_name}}, {{oops}} ${mark}`);
    } else {
      await page.getByRole("button", { name: "Update Preview" }).click();
      await smsPreview.getByText(`Hi John, ${mark}`).waitFor();
    }
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Text Message uses an unknown variable {{oops}}. Use one of the listed variables").waitFor();
    expect(await page.getByLabel("Text Message", { exact: true }).inputValue()).toBe(
      `Hi {{customer_first_name}}, {{oops}} ${mark}`,
    );
    await expectNoA11yViolations(page);

    const saved = `{{technician_full_name}} from {{company_name}} is on the way. ${mark}`;
    await page.getByLabel("Text Message", { exact: true }).fill(saved);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Message was saved successfully!").first().waitFor();
    await page.waitForURL(/\/communication$/);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "On My Way" }) });
    expect(await card.getByText(saved).isVisible()).toBe(true);
    expect(await card.getByText("Custom", { exact: true }).isVisible()).toBe(true);

    await card.getByRole("link", { name: "Edit On My Way message" }).click();
    await page.getByRole("link", { name: "Reset to Default" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset to Default" });
    await dialog.waitFor();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Reset" }).click();
    await page.getByText("Message was reset to the default").first().waitFor();
    await page.waitForURL(/\/communication$/);
    expect(await card.getByText("Default", { exact: true }).isVisible()).toBe(true);
    await card.getByRole("link", { name: "Edit On My Way message" }).click();
    await page.waitForURL(/\/communication\?edit=2$/);
    expect(await page.getByLabel("Text Message", { exact: true }).inputValue()).toContain(
      "{{technician_full_name}} from {{company_name}} is on the way to",
    );
    expect(await page.getByRole("link", { name: "Reset to Default" }).count()).toBe(0);
  },
  { role: "company admin", timeout: 120_000 },
);

for (const width of [375, 1366] as Width[]) {
  test(`the communication page at ${width}px passes axe`, { timeout: 90_000 }, async () => {
    const page = await newPage({ javaScript: true, width });
    await signIn(page, "company admin");
    for (const [name, path] of [
      ["list", "/communication"],
      ["edit", "/communication?edit=0"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await screenshot(page, `communication-${name}-${width}`);
      await expectNoA11yViolations(page);
      // Nothing wider than the window (mobile first from 320 px).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
}

test("office staff and field techs get the 403 screen", async () => {
  for (const role of ["office staff", "field tech"] as const) {
    const page = await newPage({ javaScript: false });
    await signIn(page, role);
    const response = await page.goto("/communication");
    expect(response?.status(), role).toBe(403);
    expect(await page.getByText("You do not have permission to access.").isVisible()).toBe(true);
  }
});
