import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_MAP_CENTER,
  drawMap,
  loadGoogleMaps,
  MapIsland,
  MapStatus,
  mapsLink,
  onMapsAuthFailure,
  resetMapsLoader,
  type MapIslandProps,
} from "~/components/map-island";

const wacker = { label: "233 S Wacker Dr, Chicago, IL", address: "233 S Wacker Dr, Chicago, IL" };
const render = (props: MapIslandProps) => renderToString(createElement(MapIsland, props));

describe("the map island rendered on the server", () => {
  it("without a key: the address as a link that opens it in a maps app, and no map", () => {
    const html = render({ places: [wacker], streetView: true, apiKey: null });
    expect(html).toBe(
      '<div class="map-island" role="region" aria-label="Map: 233 S Wacker Dr, Chicago, IL">' +
        '<ol class="map-island-places single"><li>' +
        '<a href="https://www.google.com/maps/search/?api=1&amp;query=233%20S%20Wacker%20Dr%2C%20Chicago%2C%20IL" target="_blank" rel="noopener noreferrer">' +
        '233 S Wacker Dr, Chicago, IL<span class="visually-hidden"> (opens in maps)</span></a></li></ol></div>',
    );
  });

  it("links by coordinates when the place has them", () => {
    expect(mapsLink({ ...wacker, geo: { latitude: 41.8786, longitude: -87.6359 } })).toBe(
      "https://www.google.com/maps/search/?api=1&query=41.8786%2C-87.6359",
    );
    expect(mapsLink({ ...wacker, geo: null })).toBe(
      "https://www.google.com/maps/search/?api=1&query=233%20S%20Wacker%20Dr%2C%20Chicago%2C%20IL",
    );
  });

  it("with a key: 'Loading...', the map (300 px) and street view (150 px) boxes, and the links for a page without JavaScript", () => {
    const html = render({ places: [wacker], streetView: true, apiKey: "test-key" });
    expect(html).toContain(
      '<div class="map-island-canvas" data-map-state="loading"><p class="map-island-status" role="status">Loading...</p>' +
        '<div class="map-island-map" data-testid="map" hidden="" style="height:300px"></div>' +
        '<div class="map-island-street-view" data-testid="street-view" hidden="" style="height:150px"></div></div>',
    );
    expect(html).toContain(
      '<a href="https://www.google.com/maps/search/?api=1&amp;query=233%20S%20Wacker%20Dr%2C%20Chicago%2C%20IL"',
    );
    // The script comes after hydration only, and the key is not in the server's markup.
    expect(html).not.toContain("<script");
    expect(html).not.toContain("test-key");
  });

  it("several places: an ordered list with their labels and links, no street view", () => {
    const html = render({
      places: [
        { label: "Ripley", address: "1 Main St", geo: { latitude: 1, longitude: 2 } },
        { label: "Bishop", address: "2 Oak Ave" },
        { label: "3 Elm Rd", address: "3 Elm Rd" },
      ],
      route: true,
      streetView: true,
      apiKey: "test-key",
    });
    expect(html).toContain('aria-label="Map of 3 places"');
    expect(html).not.toContain("street-view");
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""));
    expect(items).toEqual([
      "Ripley: 1 Main St (opens in maps)",
      "Bishop: 2 Oak Ave (opens in maps)",
      "3 Elm Rd (opens in maps)",
    ]);
    expect(html).toContain('<ol class="map-island-places">');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=1%2C2"');
  });

  it("no places: nothing", () => {
    expect(render({ places: [], apiKey: "test-key" })).toBe("");
  });

  it("the load states' texts", () => {
    expect(renderToString(createElement(MapStatus, { state: { status: "loading" } }))).toBe(
      '<p class="map-island-status" role="status">Loading...</p>',
    );
    expect(
      renderToString(
        createElement(MapStatus, {
          state: { status: "error", message: "the Google Maps script could not be loaded" },
        }),
      ),
    ).toBe(
      '<p class="map-island-status map-island-error" role="alert">Error loading maps: <!-- -->the Google Maps script could not be loaded</p>',
    );
  });
});

/** A page's window and document, as far as the loader touches them. */
function fakePage() {
  const scripts: { src: string; async: boolean; dataset: Record<string, string>; onerror?: () => void }[] = [];
  const win: Record<string, unknown> = {};
  const doc = {
    createElement: () => ({ src: "", async: false, dataset: {}, remove() {} }),
    head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
  };
  return { win, doc, scripts };
}

describe("loading the Maps JavaScript API", () => {
  afterEach(() => resetMapsLoader());

  it("adds one async script with the key and resolves once Google calls back", async () => {
    const { win, doc, scripts } = fakePage();
    const options = { win: win as never, doc: doc as never };
    const first = loadGoogleMaps("key/1", options);
    const second = loadGoogleMaps("key/1", options);
    expect(second).toBe(first);
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe(
      "https://maps.googleapis.com/maps/api/js?key=key%2F1&callback=__fieldwiseMapsReady&loading=async&v=weekly",
    );
    expect(scripts[0].async).toBe(true);
    const asked: string[] = [];
    const maps = { Map: class {}, importLibrary: async (name: string) => asked.push(name) };
    win.google = { maps };
    (win.__fieldwiseMapsReady as () => void)();
    expect(await first).toBe(maps);
    expect(asked).toEqual(["core", "maps", "marker", "streetView", "geocoding"]);
  });

  it("rejects with the error text when the script fails, and tries again on the next call", async () => {
    const { win, doc, scripts } = fakePage();
    const loaded = loadGoogleMaps("k", { win: win as never, doc: doc as never });
    scripts[0].onerror!();
    await expect(loaded).rejects.toThrow("the Google Maps script could not be loaded");
    void loadGoogleMaps("k", { win: win as never, doc: doc as never });
    expect(scripts).toHaveLength(2);
  });

  it("a refused key (gm_authFailure) reaches the listening islands, and later ones at once", () => {
    const { win, doc } = fakePage();
    void loadGoogleMaps("k", { win: win as never, doc: doc as never });
    const heard: string[] = [];
    const stop = onMapsAuthFailure((m) => heard.push(m));
    (win.gm_authFailure as () => void)();
    expect(heard).toEqual(["the Google Maps API key was refused"]);
    stop();
    onMapsAuthFailure((m) => heard.push(`late: ${m}`));
    expect(heard).toEqual(["the Google Maps API key was refused", "late: the Google Maps API key was refused"]);
  });
});

/** The parts of google.maps the island uses, recording what it was asked to draw. */
function fakeMaps(geocode: { status: string; lat?: number; lng?: number } = { status: "ZERO_RESULTS" }) {
  const drawn: unknown[][] = [];
  class Map {
    constructor(_element: unknown, options: unknown) {
      drawn.push(["map", options]);
    }
    fitBounds(bounds: { points: unknown[] }) {
      drawn.push(["fitBounds", bounds.points]);
    }
    setCenter() {}
    setStreetView(panorama: unknown) {
      drawn.push(["setStreetView", !!panorama]);
    }
  }
  const maps = {
    Map,
    Marker: class {
      constructor(options: { position: unknown; title: string; label?: string }) {
        drawn.push(["marker", options.position, options.title, options.label]);
      }
    },
    Polyline: class {
      constructor(options: { path: unknown }) {
        drawn.push(["polyline", options.path]);
      }
    },
    LatLngBounds: class {
      points: unknown[] = [];
      extend(point: unknown) {
        this.points.push(point);
      }
    },
    StreetViewPanorama: class {
      constructor(_element: unknown, options: { position: unknown }) {
        drawn.push(["streetView", options.position]);
      }
    },
    Geocoder: class {
      geocode(request: { address: string }, callback: (results: unknown, status: string) => void) {
        drawn.push(["geocode", request.address]);
        callback(
          geocode.lat === undefined
            ? []
            : [{ geometry: { location: { lat: () => geocode.lat, lng: () => geocode.lng } } }],
          geocode.status,
        );
      }
    },
  };
  return { maps: maps as never, drawn };
}

describe("drawing the places", () => {
  const element = {} as HTMLElement;

  it("one place: centred at zoom 14 with a marker and its street view", async () => {
    const { maps, drawn } = fakeMaps();
    await drawMap(maps, element, element, {
      places: [{ ...wacker, geo: { latitude: 41.8786, longitude: -87.6359 } }],
      route: false,
      streetView: true,
    });
    const at = { lat: 41.8786, lng: -87.6359 };
    expect(drawn).toEqual([
      ["map", { center: at, zoom: 14 }],
      ["marker", at, wacker.label, undefined],
      ["streetView", at],
      ["setStreetView", true],
    ]);
  });

  it("several places on a route: numbered markers, the map fitted to them, a line in order", async () => {
    const { maps, drawn } = fakeMaps();
    const a = { lat: 1, lng: 2 };
    const b = { lat: 3, lng: 4 };
    await drawMap(maps, element, null, {
      places: [
        { label: "First", address: "1 Main St", geo: { latitude: 1, longitude: 2 } },
        { label: "Second", address: "2 Oak Ave", geo: { latitude: 3, longitude: 4 } },
      ],
      route: true,
      streetView: false,
    });
    expect(drawn).toEqual([
      ["map", { center: a, zoom: 14 }],
      ["marker", a, "First", "1"],
      ["marker", b, "Second", "2"],
      ["fitBounds", [a, b]],
      ["polyline", [a, b]],
    ]);
  });

  it("a place without coordinates: a geocode answer other than OK is not used (San Francisco, no marker)", async () => {
    const { maps, drawn } = fakeMaps({ status: "ZERO_RESULTS", lat: 9, lng: 9 });
    await drawMap(maps, element, element, { places: [wacker], route: false, streetView: true });
    expect(drawn).toEqual([
      ["geocode", wacker.address],
      ["map", { center: DEFAULT_MAP_CENTER, zoom: 14 }],
    ]);
    expect(DEFAULT_MAP_CENTER).toEqual({ lat: 37.7749, lng: -122.4194 });
  });

  it("a place without coordinates: an OK geocode answer places it", async () => {
    const { maps, drawn } = fakeMaps({ status: "OK", lat: 41.87, lng: -87.63 });
    await drawMap(maps, element, null, { places: [wacker], route: false, streetView: false });
    const at = { lat: 41.87, lng: -87.63 };
    expect(drawn).toEqual([
      ["geocode", wacker.address],
      ["map", { center: at, zoom: 14 }],
      ["marker", at, wacker.label, undefined],
    ]);
  });
});
