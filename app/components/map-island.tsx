import { useEffect, useRef, useState } from "react";

/** The spec's map constants (part 1, "Images and geocoding" and its constants). */
export const MAP_ZOOM = 14;
export const MAP_HEIGHT_PX = 300;
export const STREET_VIEW_HEIGHT_PX = 150;
/** Where a map without any known coordinates is centred: San Francisco. */
export const DEFAULT_MAP_CENTER = { lat: 37.7749, lng: -122.4194 };
export const MAPS_SCRIPT_ORIGIN = "https://maps.googleapis.com";
const READY_CALLBACK = "__fieldwiseMapsReady";

export type MapPlace = {
  label: string;
  address: string;
  geo?: { latitude: number; longitude: number } | null;
};

export type MapIslandProps = {
  places: MapPlace[];
  /** Draw a polyline through the places in order (and fit the map to them). */
  route?: boolean;
  streetView?: boolean;
  /** GOOGLE_MAPS_API_KEY from the page's loader; null: the address text and links only. */
  apiKey: string | null;
};

/** A link that opens the place in a maps app: by coordinates when known, else by its address. */
export function mapsLink(place: MapPlace): string {
  const query = place.geo ? `${place.geo.latitude},${place.geo.longitude}` : place.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The places on a Google map (zoom 14, 300 px high) with a street view panel (150 px) of a single
 * place, once the page is hydrated and a key is set. The server renders the address links (all a
 * page without JavaScript or without a key gets) and, with a key, the 'Loading...' placeholder,
 * shown by CSS only on a hydrated page.
 */
export function MapIsland({ places, route = false, streetView = false, apiKey }: MapIslandProps) {
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const mapRef = useRef<HTMLDivElement>(null);
  const panoramaRef = useRef<HTMLDivElement>(null);
  const showStreetView = streetView && places.length === 1;
  // Redraw only when what is shown changes, not on every new (equal) props object.
  const drawing = JSON.stringify([places, route, showStreetView]);

  useEffect(() => {
    if (!apiKey || places.length === 0) return;
    let live = true;
    const fail = (message: string) => live && setState({ status: "error", message });
    const stopListening = onMapsAuthFailure(fail);
    loadGoogleMaps(apiKey).then(
      (maps) => live && setState({ status: "ready", maps }),
      (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
      stopListening();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- places travel in `drawing`
  }, [apiKey, drawing]);

  const maps = state.status === "ready" ? state.maps : null;
  useEffect(() => {
    if (!maps || !mapRef.current) return;
    let live = true;
    void drawMap(maps, mapRef.current, panoramaRef.current, {
      places,
      route,
      streetView: showStreetView,
      isLive: () => live,
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- places travel in `drawing`
  }, [maps, drawing]);

  if (places.length === 0) return null;
  const label = places.length === 1 ? `Map: ${places[0].address}` : `Map of ${places.length} places`;
  return (
    <div className="map-island" role="region" aria-label={label}>
      {apiKey ? (
        <div className="map-island-canvas" data-map-state={state.status}>
          <MapStatus state={state} />
          <div
            ref={mapRef}
            className="map-island-map"
            data-testid="map"
            hidden={state.status !== "ready"}
            style={{ height: MAP_HEIGHT_PX }}
          />
          {showStreetView ? (
            <div
              ref={panoramaRef}
              className="map-island-street-view"
              data-testid="street-view"
              hidden={state.status !== "ready"}
              style={{ height: STREET_VIEW_HEIGHT_PX }}
            />
          ) : null}
        </div>
      ) : null}
      <ol className={places.length === 1 ? "map-island-places single" : "map-island-places"}>
        {places.map((place, i) => (
          <li key={i}>
            {place.label && place.label !== place.address ? (
              <span className="map-island-label">{place.label}: </span>
            ) : null}
            <a href={mapsLink(place)} target="_blank" rel="noopener noreferrer">
              {place.address}
              <span className="visually-hidden"> (opens in maps)</span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** 'Loading...' while the Maps JavaScript API loads, the spec's error text when it failed. */
export function MapStatus({ state }: { state: LoadState }) {
  if (state.status === "loading")
    return (
      <p className="map-island-status" role="status">
        Loading...
      </p>
    );
  if (state.status === "error")
    return (
      <p className="map-island-status map-island-error" role="alert">
        Error loading maps: {state.message}
      </p>
    );
  return null;
}

// --- The Maps JavaScript API, typed as far as this island uses it. ---

type LatLng = { lat: number; lng: number };
type MapsApi = {
  Map: new (
    element: HTMLElement,
    options: { center: LatLng; zoom: number; streetViewControl?: boolean },
  ) => {
    fitBounds(bounds: unknown): void;
    setCenter(center: LatLng): void;
    setStreetView(panorama: unknown): void;
  };
  Marker: new (options: { map: unknown; position: LatLng; title: string; label?: string }) => unknown;
  Polyline: new (options: {
    map: unknown;
    path: LatLng[];
    strokeColor: string;
    strokeOpacity: number;
    strokeWeight: number;
  }) => unknown;
  LatLngBounds: new () => { extend(point: LatLng): void };
  StreetViewPanorama: new (
    element: HTMLElement,
    options: { position: LatLng; pov: { heading: number; pitch: number }; addressControl: boolean },
  ) => unknown;
  Geocoder?: new () => {
    geocode(
      request: { address: string },
      callback: (
        results: { geometry: { location: { lat(): number; lng(): number } } }[] | null,
        status: string,
      ) => void,
    ): void;
  };
  importLibrary?: (name: string) => Promise<unknown>;
};
type MapsWindow = Window & {
  google?: { maps?: MapsApi };
  gm_authFailure?: () => void;
  [READY_CALLBACK]?: () => void;
};

export type LoadState =
  { status: "loading" } | { status: "ready"; maps: MapsApi } | { status: "error"; message: string };

let loading: Promise<MapsApi> | null = null;
let authFailure: string | null = null;
const authListeners = new Set<(message: string) => void>();

/**
 * Loads the Maps JavaScript API once per page (async, with the key). Rejects when the script
 * cannot be loaded; a refused key shows up later through Google's gm_authFailure (onMapsAuthFailure).
 */
export function loadGoogleMaps(
  apiKey: string,
  { win = window as MapsWindow, doc = document, origin = MAPS_SCRIPT_ORIGIN } = {},
): Promise<MapsApi> {
  if (win.google?.maps?.Map) return Promise.resolve(win.google.maps);
  if (loading) return loading;
  loading = new Promise<MapsApi>((resolve, reject) => {
    win.gm_authFailure = () => {
      authFailure = "the Google Maps API key was refused";
      for (const listener of authListeners) listener(authFailure);
    };
    win[READY_CALLBACK] = () => {
      const maps = win.google?.maps;
      if (!maps) return reject(new Error("the Google Maps script did not start"));
      // With loading=async the libraries come on request; the namespace fills as they arrive.
      const libraries = ["core", "maps", "marker", "streetView", "geocoding"];
      Promise.all(maps.importLibrary ? libraries.map((name) => maps.importLibrary!(name)) : []).then(
        () => resolve(maps),
        reject,
      );
    };
    const script = doc.createElement("script");
    const params = new URLSearchParams({ key: apiKey, callback: READY_CALLBACK, loading: "async", v: "weekly" });
    script.src = `${origin}/maps/api/js?${params}`;
    script.async = true;
    script.dataset.googleMaps = "true";
    script.onerror = () => {
      loading = null; // A later page may try again.
      script.remove();
      reject(new Error("the Google Maps script could not be loaded"));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

/** Calls back when Google refuses the key (now, if it already did); returns the unsubscribe. */
export function onMapsAuthFailure(listener: (message: string) => void): () => void {
  if (authFailure) listener(authFailure);
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

/** Tests only: forget the loaded script. */
export function resetMapsLoader() {
  loading = null;
  authFailure = null;
  authListeners.clear();
}

/**
 * Draws the places: one centred at zoom 14 with a marker (and its street view), several as
 * numbered markers with the map fitted to them, a route as a line through them in order. A place
 * without coordinates is geocoded here, and the answer is used only with status OK.
 */
export async function drawMap(
  maps: MapsApi,
  mapElement: HTMLElement,
  panoramaElement: HTMLElement | null,
  options: { places: MapPlace[]; route: boolean; streetView: boolean; isLive?: () => boolean },
) {
  const points = await Promise.all(options.places.map((place) => pointOf(maps, place)));
  if (options.isLive && !options.isLive()) return;
  const known = points.filter((point): point is LatLng => point !== null);
  const map = new maps.Map(mapElement, { center: known[0] ?? DEFAULT_MAP_CENTER, zoom: MAP_ZOOM });
  points.forEach((position, i) => {
    if (!position) return;
    const label = options.places.length > 1 ? String(i + 1) : undefined;
    new maps.Marker({ map, position, title: options.places[i].label, ...(label ? { label } : {}) });
  });
  if (known.length > 1) {
    const bounds = new maps.LatLngBounds();
    for (const point of known) bounds.extend(point);
    map.fitBounds(bounds);
  }
  if (options.route && known.length > 1)
    new maps.Polyline({ map, path: known, strokeColor: "#2e3758", strokeOpacity: 0.9, strokeWeight: 4 });
  if (options.streetView && panoramaElement && known[0])
    map.setStreetView(
      new maps.StreetViewPanorama(panoramaElement, {
        position: known[0],
        pov: { heading: 0, pitch: 0 },
        addressControl: false,
      }),
    );
  return map;
}

function pointOf(maps: MapsApi, place: MapPlace): Promise<LatLng | null> {
  if (place.geo) return Promise.resolve({ lat: place.geo.latitude, lng: place.geo.longitude });
  const Geocoder = maps.Geocoder;
  if (!Geocoder || !place.address.trim()) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      new Geocoder().geocode({ address: place.address }, (results, status) => {
        const location = status === "OK" ? results?.[0]?.geometry.location : undefined;
        resolve(location ? { lat: location.lat(), lng: location.lng() } : null);
      });
    } catch {
      resolve(null);
    }
  });
}
