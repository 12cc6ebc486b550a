import { expect } from "vitest";
import { forBoth } from "./harness";

// The e2e server runs without GOOGLE_MAPS_API_KEY: place search is off and the address stays the
// plain text field of the page without JavaScript, asking nothing. (The search itself is covered
// by tests/integration/customers/places.test.ts against a local server speaking Google's protocol.)
forBoth(
  "without a maps key the address is a plain text field that asks for no suggestions",
  async ({ page, javaScript }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/places")) asked.push(request.url());
    });
    await page.goto("/customers/new");
    await page.getByLabel("First Name (required)").fill("Plain");
    await page.getByRole("button", { name: "Next" }).click();
    const address = page.getByRole("textbox", { name: "Address", exact: true });
    await address.waitFor();
    expect(await page.getByRole("combobox").count()).toBe(0);
    await address.pressSequentially("233 S Wacker Dr");
    if (javaScript) await page.waitForTimeout(900);
    expect(asked).toEqual([]);
    expect(await page.locator('input[type="hidden"][name="addresses[0].geoData.latitude"]').count()).toBe(1);
  },
  { role: "office staff" },
);
