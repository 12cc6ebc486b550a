/** A place on the map, as the maps adapter answers it. */
export type Point = { latitude: number; longitude: number };
/** Drive times in minutes and distances in metres between every pair of points, row = from. */
export type TravelMatrix = { travel: number[][]; distance: number[][] };

/** Where drive times come from: straight lines (offline default) or a road network (OSRM). */
export type TravelSource = { readonly name: string; matrix(points: readonly Point[]): Promise<TravelMatrix> };

const EARTH_RADIUS_M = 6_371_000;
/** Roads are longer than the straight line: a common rule of thumb for towns and suburbs. */
export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 40;
const TIMEOUT_MS = 10_000;

export function haversineMeters(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Straight-line distance times the road factor, driven at the average speed. */
export const straightLineTravel: TravelSource = {
  name: "straight-line",
  async matrix(points) {
    const distance = points.map((a) => points.map((b) => Math.round(haversineMeters(a, b) * ROAD_FACTOR)));
    const travel = distance.map((row) => row.map((m) => (m / 1000 / AVERAGE_SPEED_KMH) * 60));
    return { travel, distance };
  },
};

type OsrmTable = { code?: string; message?: string; durations?: (number | null)[][]; distances?: (number | null)[][] };

/**
 * OSRM's table service (GET /table/v1/driving/lon,lat;...?annotations=duration,distance): seconds
 * and metres by road. A pair OSRM cannot route (null) falls back to the straight line, so one
 * unreachable place does not lose the whole plan; a failed call is an error the screen shows.
 */
export function osrmTravel(options: { url: string; fetchImpl?: typeof fetch }): TravelSource {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.url.replace(/\/+$/, "");
  return {
    name: "osrm",
    async matrix(points) {
      if (points.length === 0) return { travel: [], distance: [] };
      const coordinates = points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(";");
      const response = await fetchImpl(`${base}/table/v1/driving/${coordinates}?annotations=duration,distance`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as OsrmTable;
      if (!response.ok || body.code !== "Ok" || !body.durations)
        throw new Error(
          `OSRM table answered ${body.code ?? `HTTP ${response.status}`}${body.message ? `: ${body.message}` : ""}`,
        );
      const fallback = await straightLineTravel.matrix(points);
      const travel = points.map((_, i) =>
        points.map((__, j) => {
          const seconds = body.durations?.[i]?.[j];
          return typeof seconds === "number" ? seconds / 60 : fallback.travel[i][j];
        }),
      );
      const distance = points.map((_, i) =>
        points.map((__, j) => {
          const metres = body.distances?.[i]?.[j];
          return typeof metres === "number" ? Math.round(metres) : fallback.distance[i][j];
        }),
      );
      return { travel, distance };
    },
  };
}
