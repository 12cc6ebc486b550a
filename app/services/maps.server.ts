import { env } from "~/server/env.server";

export type GeoData = { placeId?: string; latitude: number; longitude: number };
export type PlacePrediction = { description: string; placeId: string };
export type PlaceDetails = { location: string; geoData: GeoData; unitNumber: string | null };

/** Places and geocoding behind one interface (DECISIONS.md "Outside services"). */
export type MapsAdapter = {
  /** Whether places search and geocoding are available; without them addresses stay plain text. */
  readonly enabled: boolean;
  /** Coordinates of an address, or null when unknown or not configured. */
  geocode(address: string): Promise<GeoData | null>;
  /** Address suggestions in the US and Canada for what was typed; empty when none or not configured. */
  predictions(input: string): Promise<PlacePrediction[]>;
  /** A suggestion's address, coordinates and unit (subpremise), or null when unknown or not configured. */
  place(placeId: string): Promise<PlaceDetails | null>;
};

export const GOOGLE_MAPS_ORIGIN = "https://maps.googleapis.com";
const TIMEOUT_MS = 5000;
/** The spec limits place search to the two countries the product serves. */
const COUNTRIES = "country:us|country:ca";
/** Statuses that only mean "nothing found": not worth a log line. */
const QUIET_STATUSES = new Set(["OK", "ZERO_RESULTS", "NOT_FOUND"]);

type GoogleBody = { status?: string; error_message?: string };
type GoogleGeometry = { location?: { lat: number; lng: number } };

/**
 * Google Geocoding, Places Autocomplete and Place Details (web services). A result is used only
 * with status OK; network errors, timeouts (5 s) and other statuses are logged and answer
 * null or an empty list, so a screen never fails because of the maps service.
 */
export function googleMaps(options: { apiKey: string; origin?: string; fetchImpl?: typeof fetch }): MapsAdapter {
  const fetchImpl = options.fetchImpl ?? fetch;
  const origin = options.origin ?? GOOGLE_MAPS_ORIGIN;

  async function ask<T extends GoogleBody>(
    call: string,
    path: string,
    params: Record<string, string>,
  ): Promise<T | null> {
    const url = new URL(path, origin);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", options.apiKey);
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) {
        console.warn(`maps: ${call} answered HTTP ${response.status}`);
        return null;
      }
      const body = (await response.json()) as T;
      if (!QUIET_STATUSES.has(body.status ?? ""))
        console.warn(
          `maps: ${call} answered ${body.status ?? "no status"}${body.error_message ? `: ${body.error_message}` : ""}`,
        );
      return body.status === "OK" ? body : null;
    } catch (error) {
      // The URL carries the key: log the call's name only.
      console.warn(`maps: ${call} failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  return {
    enabled: true,
    async geocode(address) {
      const body = await ask<GoogleBody & { results?: { place_id?: string; geometry?: GoogleGeometry }[] }>(
        "geocode",
        "/maps/api/geocode/json",
        { address, components: "country:US|country:CA" },
      );
      const first = body?.results?.[0];
      if (!first?.geometry?.location) return null;
      return { placeId: first.place_id, latitude: first.geometry.location.lat, longitude: first.geometry.location.lng };
    },
    async predictions(input) {
      const body = await ask<GoogleBody & { predictions?: { description?: string; place_id?: string }[] }>(
        "place autocomplete",
        "/maps/api/place/autocomplete/json",
        { input, components: COUNTRIES },
      );
      return (body?.predictions ?? [])
        .filter((p) => p.description && p.place_id)
        .map((p) => ({ description: p.description!, placeId: p.place_id! }));
    },
    async place(placeId) {
      const body = await ask<
        GoogleBody & {
          result?: {
            place_id?: string;
            formatted_address?: string;
            geometry?: GoogleGeometry;
            address_components?: { long_name?: string; short_name?: string; types?: string[] }[];
          };
        }
      >("place details", "/maps/api/place/details/json", {
        place_id: placeId,
        fields: "place_id,geometry,formatted_address,address_components",
      });
      const result = body?.result;
      if (!result?.formatted_address || !result.geometry?.location) return null;
      const unit = result.address_components?.find((c) => c.types?.includes("subpremise"));
      return {
        location: result.formatted_address,
        geoData: {
          placeId: result.place_id ?? placeId,
          latitude: result.geometry.location.lat,
          longitude: result.geometry.location.lng,
        },
        unitNumber: unit?.short_name || unit?.long_name || null,
      };
    },
  };
}

/** Without a key: plain address text, no coordinates, no suggestions. */
export const plainTextMaps: MapsAdapter = {
  enabled: false,
  geocode: async () => null,
  predictions: async () => [],
  place: async () => null,
};

let adapter: MapsAdapter | undefined;
export function maps(): MapsAdapter {
  const key = env().GOOGLE_MAPS_API_KEY;
  adapter ??= key ? googleMaps({ apiKey: key }) : plainTextMaps;
  return adapter;
}

/** Lets tests and the demo swap the adapter (e.g. Google against a local server). */
export function setMapsAdapter(next: MapsAdapter | undefined) {
  adapter = next;
}
