import { expect } from "vitest";
import { demoRecordIds, expectNoA11yViolations, forBoth } from "./harness";

// On the super admin's own company (Fieldwise HQ), and never marked ready: the demo company's
// messaging banner, which other tests read, stays as it is.
forBoth(
  "the super admin sets a company's messaging phone number, with the error beside the field when it is wrong",
  async ({ page, javaScript }) => {
    const companyId = demoRecordIds("super admin").companies;
    await page.goto(`/admin-panel/company-twilio-details/${companyId}`);
    const phone = page.getByLabel("Messaging phone number");
    await phone.fill("12");
    await page.getByRole("button", { name: "Save Messaging Settings" }).click();
    await page.getByText("Phone number must be valid").waitFor();
    expect(await phone.getAttribute("aria-invalid")).toBe("true");

    await phone.fill(javaScript ? "(704) 555-0190" : "704 555 0191");
    await page.getByRole("button", { name: "Save Messaging Settings" }).click();
    await page.getByText("Messaging settings were saved").first().waitFor();
    const expected = javaScript ? "(704) 555-0190" : "(704) 555-0191";
    await page.getByRole("definition").filter({ hasText: expected }).waitFor();
    expect(await page.getByLabel("Messaging phone number").inputValue()).toBe(expected);
    expect(await page.getByLabel("Messaging is ready (texts are sent)").isChecked()).toBe(false);
    await expectNoA11yViolations(page);
  },
  { role: "super admin", timeout: 90_000 },
);
