/**
 * Odd spellings of a path. The URL parser resolves dot segments (`/jobs/%2e%2e/customers` becomes
 * `/customers`) and the router decodes escapes (`/%63ustomers` matches `customers`) before any access
 * check sees the path, so the raw path of the request is judged here, once, before anything else:
 * no client we make or link to writes these, and each would be a second name for a route that the
 * route table, the page cache and a proxy in front do not know.
 */

/** Characters that never need escaping (RFC 3986 unreserved), and the ones that change a path's shape. */
const UNRESERVED_OR_STRUCTURAL = /[A-Za-z0-9\-._~/\\]/;

/**
 * Whether a raw request path (without the query) is an odd spelling: a dot segment, a backslash, a
 * malformed escape or one that is not UTF-8, an escaped control character (%00...), or an escaped
 * character that needs no escaping or that shapes the path (%2e, %2f, %5c, %63...).
 */
export function isOddPath(rawPath: string): boolean {
  if (rawPath.includes("\\")) return true;
  if (/(^|\/)\.\.?(\/|$)/.test(rawPath)) return true;
  if (/%(?![0-9A-Fa-f]{2})/.test(rawPath)) return true;
  try {
    decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  for (const [, hex] of rawPath.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const code = parseInt(hex, 16);
    if (code < 0x20 || code === 0x7f || UNRESERVED_OR_STRUCTURAL.test(String.fromCharCode(code))) return true;
  }
  return false;
}

const NOT_FOUND_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Page not found</title></head>
<body><main><h1>Page not found</h1><p>The link you clicked may be broken or the page may have been removed.</p><p><a href="/signup">Go Back Home</a></p></main></body></html>`;

type RawRequest = { originalUrl?: string; url?: string };
type RawResponse = { status(code: number): RawResponse; set(headers: Record<string, string>): RawResponse; send(body: string): unknown };

/**
 * Express middleware: an odd path answers 404 like an unknown path (JSON under /api, the 'Page not
 * found' page elsewhere), before the URL parser and the router can turn it into a known one.
 */
export function refuseOddPaths(req: RawRequest, res: RawResponse, next: () => void) {
  const raw = (req.originalUrl ?? req.url ?? "/").split("?")[0];
  if (!isOddPath(raw)) return next();
  const api = /^\/api(\/|$)/i.test(raw);
  res
    .status(404)
    .set({ "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8", "Cache-Control": "no-store" })
    .send(api ? JSON.stringify({ exceptionType: "not_found", message: "Not found" }) : NOT_FOUND_PAGE);
}
