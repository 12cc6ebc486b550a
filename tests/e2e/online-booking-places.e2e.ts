import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createBookingForm, type BookingFormSetup } from "./booking-form-setup";
import { baseUrl, expectNoA11yViolations, newPage } from "./harness";

// The booking form's place search with JavaScript. The e2e server runs without a maps key, so the
// page is the plain address field and asks nothing. The island itself is driven on the page as a
// server with a maps key renders it (its address field marked with the search's address), its calls
// answered in the browser; the proxy behind them, over the real adapter against a local server
// speaking Google's protocol, is tests/integration/booking/places-proxy.test.ts.

let setup: BookingFormSetup;
beforeAll(async () => {
  setup = await createBookingForm(baseUrl(), { name: "Places" });
});

const searchBase = () => `/api/booking-requests/public/${setup.formUrl}/places`;

/** Serves the form's page as it is with a maps key: the address field carries its search's address. */
async function withPlaceSearch(page: Page) {
  await page.route(
    (url) => url.pathname === `/online-booking/${setup.formUrl}` && !url.search,
    async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({
        response,
        headers,
        body: html.replace('name="location"', `name="location" data-place-search="${searchBase()}"`),
      });
    },
  );
}

const SUGGESTIONS = [
  { description: "233 S Wacker Dr, Chicago, IL, USA", placeId: "place-chicago" },
  { description: "1 Yonge St, Toronto, ON, Canada", placeId: "place-toronto" },
];
const PLACES: Record<string, unknown> = {
  "place-chicago": {
    location: "233 S Wacker Dr #4500, Chicago, IL 60606, USA",
    geoData: { placeId: "place-chicago", latitude: 41.8789, longitude: -87.6359 },
    unitNumber: "4500",
  },
  "place-toronto": {
    location: "1 Yonge St, Toronto, ON M5E 1E5, Canada",
    geoData: { placeId: "place-toronto", latitude: 43.6426, longitude: -79.3755 },
    unitNumber: null,
  },
};

/** Answers the search's calls as the proxy does with a maps key; "233 S" answers late (a stale search). */
async function answerPlaces(page: Page) {
  const inputs: string[] = [];
  const json = (route: Route, body: unknown) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) }).catch(() => {
      // The page aborted this call meanwhile.
    });
  await page.route(
    (url) => url.pathname.startsWith(`${searchBase()}/`),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === `${searchBase()}/predictions`) {
        const input = url.searchParams.get("input") ?? "";
        inputs.push(input);
        if (input === "233 S") {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return json(route, { enabled: true, predictions: [{ description: "Stale answer", placeId: "stale" }] });
        }
        return json(route, { enabled: true, predictions: SUGGESTIONS });
      }
      const place = PLACES[decodeURIComponent(url.pathname.slice(searchBase().length + 1))];
      if (!place) return route.fulfill({ status: 404, contentType: "application/json", body: "{}" });
      return json(route, place);
    },
  );
  return inputs;
}

const hidden = (page: Page, name: string) => page.locator(`input[type=hidden][name=${name}]`).inputValue();

describe("the booking form's place search with JavaScript", () => {
  it("without a maps key is the plain address field and asks for nothing", async () => {
    const page = await newPage({ javaScript: true });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(request.url());
    });
    await page.goto(`/online-booking/${setup.formUrl}`);
    const address = page.getByRole("textbox", { name: "Address" });
    await address.pressSequentially("233 S Wacker Dr");
    await page.waitForTimeout(900);
    expect(asked).toEqual([]);
    // (The day picker's select is a combobox of its own.)
    expect(await address.getAttribute("role")).toBeNull();
    expect(await address.getAttribute("aria-expanded")).toBeNull();
    expect(await page.locator("[role=listbox]").count()).toBe(0);
    expect(await address.inputValue()).toBe("233 S Wacker Dr");
  });

  it("suggests addresses as the visitor types; arrows, Escape and Enter work; the choice fills address, unit and coordinates", async () => {
    const page = await newPage({ javaScript: true });
    await withPlaceSearch(page);
    const inputs = await answerPlaces(page);
    await page.goto(`/online-booking/${setup.formUrl}`);
    const address = page.getByRole("combobox", { name: "Address" });
    expect(await address.getAttribute("aria-expanded")).toBe("false");
    expect(await address.getAttribute("aria-autocomplete")).toBe("list");
    const listbox = page.locator(`[id="${await address.getAttribute("aria-controls")}"]`);
    expect(await listbox.getAttribute("role")).toBe("listbox");
    expect(await listbox.getAttribute("aria-label")).toBe("Suggestions");

    // Two characters ask nothing; a pause after the fifth asks once (debounced), and typing on aborts it.
    await address.pressSequentially("23");
    await page.waitForTimeout(800);
    expect(inputs).toEqual([]);
    await address.pressSequentially("3 S");
    await page.waitForTimeout(800);
    await address.pressSequentially(" Wacker", { delay: 40 });
    await listbox.getByRole("option").first().waitFor();
    expect(inputs).toEqual(["233 S", "233 S Wacker"]);
    await page.waitForTimeout(1200);
    expect(await listbox.getByRole("option").allTextContents()).toEqual(SUGGESTIONS.map((s) => s.description));
    expect(await address.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("status").filter({ hasText: "2 suggestions" }).count()).toBe(1);
    await expectNoA11yViolations(page);

    // Arrows move the highlight (wrapping), Escape closes the list and keeps the text.
    const options = listbox.getByRole("option");
    await address.press("ArrowDown");
    expect(await address.getAttribute("aria-activedescendant")).toBe(await options.nth(0).getAttribute("id"));
    expect(await options.nth(0).getAttribute("aria-selected")).toBe("true");
    await address.press("ArrowDown");
    await address.press("ArrowDown");
    expect(await address.getAttribute("aria-activedescendant")).toBe(await options.nth(0).getAttribute("id"));
    await address.press("ArrowUp");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await address.press("Escape");
    expect(await listbox.isVisible()).toBe(false);
    expect(await address.getAttribute("aria-expanded")).toBe("false");
    expect(await address.inputValue()).toBe("233 S Wacker");

    // Enter picks the highlighted suggestion (and sends nothing).
    await address.pressSequentially(" D");
    await options.first().waitFor();
    await address.press("ArrowDown");
    await address.press("Enter");
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("input[name=latitude]")?.value);
    expect(page.url()).not.toContain("confirmed");
    expect(await address.inputValue()).toBe("233 S Wacker Dr #4500, Chicago, IL 60606, USA");
    expect(await page.getByLabel("Unit").inputValue()).toBe("4500");
    expect([await hidden(page, "latitude"), await hidden(page, "longitude")]).toEqual(["41.8789", "-87.6359"]);
    expect(await listbox.isVisible()).toBe(false);

    // Typing by hand drops the coordinates; a click picks another suggestion.
    await address.press("End");
    await address.pressSequentially("x");
    expect(await hidden(page, "latitude")).toBe("");
    await options.nth(1).click();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>("input[name=latitude]")?.value);
    expect(await address.inputValue()).toBe("1 Yonge St, Toronto, ON M5E 1E5, Canada");
    expect(await hidden(page, "longitude")).toBe("-79.3755");

    // The booking is sent with the chosen place's coordinates.
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("radio").first().check();
    await page.getByLabel("First Name").fill("Ines");
    await page.getByLabel("Email").fill("ines@example.com");
    await page.getByRole("button", { name: "Request booking" }).click();
    const body = (await posted).postData() ?? "";
    expect(body).toMatch(/name="latitude"\r\n\r\n43\.6426\r\n/);
    expect(body).toMatch(/name="longitude"\r\n\r\n-79\.3755\r\n/);
    await page.waitForURL(/\?confirmed=/);
    expect(await page.locator("dl").textContent()).toContain("1 Yonge St, Toronto, ON M5E 1E5, Canada");
  });

  it("puts the plain field back when the search answers that it is off", async () => {
    const page = await newPage({ javaScript: true });
    await withPlaceSearch(page);
    const answers: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === `${searchBase()}/predictions`) answers.push(response.status());
    });
    await page.goto(`/online-booking/${setup.formUrl}`);
    const address = page.getByRole("combobox", { name: "Address" });
    await address.pressSequentially("233 S Wacker");
    await page.getByRole("textbox", { name: "Address" }).waitFor();
    // The e2e server's own answer: no maps key.
    expect(answers).toEqual([200]);
    expect(await page.locator("input[name=location]").getAttribute("role")).toBeNull();
    expect(await page.locator("input[name=location]").getAttribute("autocomplete")).toBe("street-address");
    expect(await page.locator("[role=listbox]").count()).toBe(0);
    await page.getByRole("textbox", { name: "Address" }).pressSequentially(" Dr");
    await page.waitForTimeout(900);
    expect(answers).toEqual([200]);
  });
});
