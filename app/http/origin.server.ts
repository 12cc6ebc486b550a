/** What the Origin check needs of a request: Node's IncomingMessage and the Fetch Request both fit. */
export type RequestLike = {
  method?: string;
  headers: Headers | Record<string, string | string[] | undefined>;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function header(headers: RequestLike["headers"], name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when a state-changing request comes from another site: its Origin names a host other
 * than the one it was sent to (X-Forwarded-Host when the request came through a trusted proxy,
 * TRUST_PROXY; else Host). No Origin (old browsers, API clients, same-origin GETs) is allowed:
 * SameSite=Lax cookies cover those. "null" (sandboxed frames, some redirects) counts as another site.
 */
export function isCrossSiteRequest(request: RequestLike, { viaTrustedProxy = false } = {}): boolean {
  if (SAFE_METHODS.has((request.method ?? "GET").toUpperCase())) return false;
  const origin = header(request.headers, "origin");
  if (!origin) return false;
  const forwarded = viaTrustedProxy ? header(request.headers, "x-forwarded-host") : undefined;
  const target = (forwarded ?? header(request.headers, "host"))?.split(",")[0].trim().toLowerCase();
  if (!target) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  return originHost !== target;
}
