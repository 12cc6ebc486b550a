import { env } from "~/env.server";

export type GeoData = { placeId?: string; latitude: number; longitude: number };

/** Places and geocoding behind one interface (DECISIONS.md "Outside services"). */
export type MapsAdapter = {
  /** Whether places search and geocoding are available; without them addresses stay plain text. */
  readonly enabled: boolean;
  /** Coordinates of an address, or null when unknown or not configured. */
  geocode(address: string): Promise<GeoData | null>;
};

const GOOGLE_GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";

/** Google Geocoding; place search is limited to the US and Canada, and a result is used only with status OK. */
export function googleMaps(options: { apiKey: string; baseUrl?: string; fetchImpl?: typeof fetch }): MapsAdapter {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    enabled: true,
    async geocode(address) {
      const url = new URL(options.baseUrl ?? GOOGLE_GEOCODE_URL);
      url.searchParams.set("address", address);
      url.searchParams.set("components", "country:US|country:CA");
      url.searchParams.set("key", options.apiKey);
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) return null;
      const body = (await response.json()) as { status?: string; results?: { place_id?: string; geometry?: { location?: { lat: number; lng: number } } }[] };
      const first = body.results?.[0];
      if (body.status !== "OK" || !first?.geometry?.location) return null;
      return { placeId: first.place_id, latitude: first.geometry.location.lat, longitude: first.geometry.location.lng };
    },
  };
}

/** Without a key: plain address text, no coordinates. */
export const plainTextMaps: MapsAdapter = { enabled: false, geocode: async () => null };

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
