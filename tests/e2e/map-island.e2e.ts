import path from "node:path";
import { build } from "esbuild";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MapIslandProps } from "~/components/map-island";
import { signInDemo } from "../helpers/demo-sign-in";
import { startServer, type OwnServer } from "../security/harness";
import {
  allowConsoleErrors,
  baseUrl,
  demoRecordIds,
  expectNoA11yViolations,
  forBoth,
  newPage,
  signIn,
} from "./harness";

const WACKER = "233 S Wacker Dr, Chicago, IL 60606, USA";
const PIKE = "85 Pike St, Seattle, WA 98101, USA";

// The e2e server runs without GOOGLE_MAPS_API_KEY: each property is its address as a link that opens
// it in a maps app (by coordinates when known), with and without JavaScript, and no Google script loads.
forBoth(
  "without a maps key the customer's properties are links to a maps app, and Google is never asked",
  async ({ page }) => {
    const google: string[] = [];
    page.on("request", (request) => {
      if (/google/.test(new URL(request.url()).hostname)) google.push(request.url());
    });
    const created = await page.request.post(`${baseUrl()}/api/customers/create`, {
      data: {
        firstName: "Map",
        lastName: `Island${Date.now()}`,
        addresses: [{ location: WACKER }, { location: PIKE, geoData: { latitude: 47.6097, longitude: -122.3422 } }],
      },
    });
    expect(created.status()).toBe(201);
    const customerId = (await created.json()).customerId as number;
    await page.goto(`/customers/${customerId}`);
    const wacker = page.getByRole("region", { name: `Map: ${WACKER}` }).getByRole("link");
    expect(await wacker.textContent()).toBe(`${WACKER} (opens in maps)`);
    expect(await wacker.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=233%20S%20Wacker%20Dr%2C%20Chicago%2C%20IL%2060606%2C%20USA",
    );
    const pike = page.getByRole("region", { name: `Map: ${PIKE}` }).getByRole("link");
    expect(await pike.getAttribute("href")).toBe("https://www.google.com/maps/search/?api=1&query=47.6097%2C-122.3422");
    // The address shows once on the page: the island is the property's address line.
    expect(await page.getByText(WACKER).count()).toBe(1);
    expect(await page.getByText("Loading...").count()).toBe(0);
    expect(google).toEqual([]);
    await expectNoA11yViolations(page);
  },
  { role: "office staff" },
);

test("a job's page shows its property as a link to a maps app (no key, JavaScript off)", async () => {
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  const response = await page.goto(`/jobs/${demoRecordIds("company admin").jobs}`);
  expect(response?.status()).toBe(200);
  const property = page.getByRole("region", { name: "Property" });
  const link = property.getByRole("link");
  const address = (await link.textContent())!.replace(/ \(opens in maps\)$/, "");
  expect(address).not.toBe("");
  expect(await property.getByRole("region", { name: `Map: ${address}` }).count()).toBe(1);
  expect(await link.getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
});

/**
 * google.maps as far as the island uses it: the map and panorama write what they show into their
 * box. In a block of its own: a top-level class Map would replace the page's Map for every script.
 */
const FAKE_MAPS = `{
  const show = (element, text) => { const p = document.createElement("p"); p.textContent = text; element.append(p); };
  class Map {
    constructor(element, options) { this.element = element; show(element, "map at " + options.center.lat + "," + options.center.lng + " zoom " + options.zoom); }
    fitBounds() { show(this.element, "fitted"); }
    setCenter() {}
    setStreetView() {}
  }
  class Marker { constructor(o) { show(o.map.element, "marker " + o.title + (o.label ? " " + o.label : "")); } }
  class Polyline { constructor(o) { show(o.map.element, "route through " + o.path.length); } }
  class LatLngBounds { extend() {} }
  class StreetViewPanorama { constructor(element, o) { show(element, "street view at " + o.position.lat + "," + o.position.lng); } }
  window.google = { maps: { Map, Marker, Polyline, LatLngBounds, StreetViewPanorama, importLibrary: async () => ({}) } };
}`;

/**
 * The island itself in the browser with a key: bundled alone into a page of its own, the Maps
 * JavaScript API answered by a fake script (Playwright routes the request), since the shared e2e
 * server runs without a key.
 */
describe("the map island with a key, Google's script faked", () => {
  let bundle: Promise<string> | undefined;
  const islandScript = () =>
    (bundle ??= build({
      stdin: {
        contents: [
          'import { createElement } from "react";',
          'import { createRoot } from "react-dom/client";',
          `import { MapIsland } from ${JSON.stringify(path.resolve("app/components/map-island.tsx"))};`,
          'const props = JSON.parse(document.getElementById("props").textContent);',
          'createRoot(document.getElementById("root")).render(createElement(MapIsland, props));',
        ].join("\n"),
        resolveDir: process.cwd(),
        loader: "tsx",
      },
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
    }).then((result) => result.outputFiles[0].text));

  async function islandPage(props: MapIslandProps, answerScript: (route: Route) => Promise<void>): Promise<Page> {
    const page = await newPage({ javaScript: true });
    const island = await islandScript();
    await page.route("http://island.test/", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><head><title>Map island</title></head><body><main id="root"></main>
          <script type="application/json" id="props">${JSON.stringify(props)}</script>
          <script src="/island.js"></script></body></html>`,
      }),
    );
    await page.route("http://island.test/island.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: island }),
    );
    await page.route("https://maps.googleapis.com/**", answerScript);
    return page;
  }

  const place = { label: WACKER, address: WACKER, geo: { latitude: 41.8786, longitude: -87.6359 } };

  test("'Loading...' while the script loads, then the map at zoom 14 with its marker and street view", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    const page = await islandPage({ places: [place], streetView: true, apiKey: "fake-key" }, async (route) => {
      asked.push(route.request().url());
      await released;
      const callback = new URL(route.request().url()).searchParams.get("callback");
      await route.fulfill({
        contentType: "text/javascript",
        body: `${FAKE_MAPS}\nwindow[${JSON.stringify(callback)}]();`,
      });
    });
    // Not waiting for "load": the held Google script would hold it too.
    await page.goto("http://island.test/", { waitUntil: "domcontentloaded" });
    await page.getByRole("status").getByText("Loading...", { exact: true }).waitFor();
    expect(await page.getByTestId("map").isVisible()).toBe(false);
    release();
    const map = page.getByTestId("map");
    await map.getByText("map at 41.8786,-87.6359 zoom 14").waitFor();
    expect(await map.locator("p").allInnerTexts()).toEqual(["map at 41.8786,-87.6359 zoom 14", `marker ${WACKER}`]);
    expect(await page.getByTestId("street-view").innerText()).toBe("street view at 41.8786,-87.6359");
    expect((await map.boundingBox())?.height).toBe(300);
    expect((await page.getByTestId("street-view").boundingBox())?.height).toBe(150);
    expect(await page.getByText("Loading...").count()).toBe(0);
    expect(asked).toEqual([
      "https://maps.googleapis.com/maps/api/js?key=fake-key&callback=__fieldwiseMapsReady&loading=async&v=weekly",
    ]);
    // The links stay for opening the place in a maps app.
    expect(await page.getByRole("link", { name: `${WACKER} (opens in maps)` }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=41.8786%2C-87.6359",
    );
  });

  test("several places on a route: numbered markers, fitted, one line through them", async () => {
    const page = await islandPage(
      {
        places: [
          { label: "First", address: WACKER, geo: { latitude: 41.8786, longitude: -87.6359 } },
          { label: "Second", address: PIKE, geo: { latitude: 47.6097, longitude: -122.3422 } },
        ],
        route: true,
        apiKey: "fake-key",
      },
      (route) =>
        route.fulfill({
          contentType: "text/javascript",
          body: `${FAKE_MAPS}\nwindow.__fieldwiseMapsReady();`,
        }),
    );
    await page.goto("http://island.test/");
    const map = page.getByRole("region", { name: "Map of 2 places" }).getByTestId("map");
    await map.getByText("route through 2").waitFor();
    expect(await map.locator("p").allInnerTexts()).toEqual([
      "map at 41.8786,-87.6359 zoom 14",
      "marker First 1",
      "marker Second 2",
      "fitted",
      "route through 2",
    ]);
  });

  test("a script that fails to load shows 'Error loading maps: ...'", async () => {
    const page = await islandPage({ places: [place], apiKey: "fake-key" }, (route) => route.abort());
    // The browser reports the refused script; that is the failure under test.
    allowConsoleErrors(page, /Failed to load resource/);
    await page.goto("http://island.test/");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe("Error loading maps: the Google Maps script could not be loaded");
    expect(await page.getByTestId("map").isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: `${WACKER} (opens in maps)` }).count()).toBe(1);
  });

  test("a key Google refuses (gm_authFailure) shows 'Error loading maps: ...'", async () => {
    const page = await islandPage({ places: [place], apiKey: "refused-key" }, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `${FAKE_MAPS}\nwindow.__fieldwiseMapsReady();\nsetTimeout(() => window.gm_authFailure(), 50);`,
      }),
    );
    await page.goto("http://island.test/");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toBe("Error loading maps: the Google Maps API key was refused");
  });
});

/**
 * The whole path with a key, on a server of this file's own started with GOOGLE_MAPS_API_KEY: the
 * customer page's Content-Security-Policy lets Google's script in (a blocked one would be a console
 * error), the island shows 'Loading...' and then the map; without JavaScript the links only.
 */
describe("a customer's property on a server with a maps key", () => {
  const password = "maps-demo-password-0123";
  let server: OwnServer;
  let cookie: string;
  let customerId: number;

  beforeAll(async () => {
    server = await startServer({
      env: { GOOGLE_MAPS_API_KEY: "e2e-browser-key", SEED_DEMO: "true", DEMO_PASSWORD: password },
    });
    cookie = (await signInDemo(server.baseUrl, "office staff", password, server.log)).cookie;
    // With coordinates: the server geocodes addresses without them, and must not ask the real Google here.
    const created = await fetch(`${server.baseUrl}/api/customers/create`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseUrl, "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Keyed",
        lastName: "Map",
        addresses: [{ location: WACKER, geoData: { latitude: 41.8786, longitude: -87.6359 } }],
      }),
    });
    expect(created.status, server.log()).toBe(201);
    customerId = ((await created.json()) as { customerId: number }).customerId;
  }, 120_000);
  afterAll(() => server?.stop());

  async function customerPage(javaScript: boolean) {
    const page = await newPage({ javaScript });
    const [name, ...value] = cookie.split("=");
    await page.context().addCookies([{ name, value: value.join("="), url: server.baseUrl }]);
    const asked: string[] = [];
    await page.route("https://maps.googleapis.com/**", (route) => {
      asked.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: `${FAKE_MAPS}\nwindow.__fieldwiseMapsReady();` });
    });
    const response = await page.goto(`${server.baseUrl}/customers/${customerId}`);
    return { page, asked, policy: response?.headers()["content-security-policy"] ?? "" };
  }

  test("with JavaScript: the page's policy allows Google's script and the map replaces 'Loading...'", async () => {
    const { page, asked, policy } = await customerPage(true);
    expect(policy).toContain("script-src 'self' https://maps.googleapis.com https://maps.gstatic.com 'nonce-");
    expect(policy).toContain(
      "connect-src 'self' ws: wss: https://*.googleapis.com https://*.gstatic.com https://*.google.com",
    );
    const region = page.getByRole("region", { name: `Map: ${WACKER}` });
    await region.getByTestId("map").getByText("map at 41.8786,-87.6359 zoom 14").waitFor();
    expect(await region.getByTestId("street-view").innerText()).toBe("street view at 41.8786,-87.6359");
    expect(await region.getByText("Loading...").count()).toBe(0);
    expect(asked).toEqual([
      "https://maps.googleapis.com/maps/api/js?key=e2e-browser-key&callback=__fieldwiseMapsReady&loading=async&v=weekly",
    ]);
  });

  test("without JavaScript: the address link only ('Loading...' stays hidden), and no Google script", async () => {
    const { page, asked } = await customerPage(false);
    const region = page.getByRole("region", { name: `Map: ${WACKER}` });
    expect(await region.getByRole("link").getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=41.8786%2C-87.6359",
    );
    expect(await region.getByText("Loading...").count()).toBe(1);
    expect(await region.getByText("Loading...").isVisible()).toBe(false);
    expect(asked).toEqual([]);
  });

  test("the CSP of a server without a key names no Google script", async () => {
    const response = await fetch(`${baseUrl()}/login`);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });
});
