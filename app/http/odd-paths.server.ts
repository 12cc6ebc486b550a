/**
 * Odd spellings of a path. The URL parser resolves dot segments (`/jobs/%2e%2e/customers` becomes
 * `/customers`) and the router decodes escapes (`/%63ustomers` matches `customers`) before any access
 * check sees the path, so the raw path of the request is judged here, once, before anything else:
 * no client we make or link to writes these, and each would be a second name for a route that the
 * route table and a proxy in front do not know.
 */

import { matchRoutes } from "@remix-run/react";

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
type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteObject[] };

/**
 * Paths match in their own case only (remix.config.js), but Remix's server matches without case
 * (server-runtime leaves `caseSensitive` out of its data routes): /CUSTOMERS would reach the
 * customers screen. The framework's own matcher, once with the routes' case rule and once
 * without, tells such a spelling: it is another route (the catch-all) in its own case.
 */
export function otherCaseSpelling(routes: Record<string, BuiltRoute>): (rawPath: string) => boolean {
  const tree = (parentId: string | undefined, withCase: boolean): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: withCase && !!route.caseSensitive,
        children: tree(route.id, withCase),
      }));
  const ownCase = tree(undefined, true);
  const anyCase = tree(undefined, false);
  const leaf = (routeTree: RouteObject[], path: string) =>
    matchRoutes(routeTree as Parameters<typeof matchRoutes>[0], path)?.at(-1)?.route.id;
  return (rawPath) => /[A-Z]/.test(rawPath) && leaf(ownCase, rawPath) !== leaf(anyCase, rawPath);
}

type RawResponse = {
  status(code: number): RawResponse;
  set(headers: Record<string, string>): RawResponse;
  send(body: string): unknown;
};

/**
 * Express middleware: an odd path answers 404 like an unknown path (JSON under /api, the 'Page not
 * found' page elsewhere), before the URL parser and the router can turn it into a known one.
 */
export function refuseOddPaths(routes: Record<string, BuiltRoute>) {
  const isOtherCase = otherCaseSpelling(routes);
  return (req: RawRequest, res: RawResponse, next: () => void) => {
    const raw = (req.originalUrl ?? req.url ?? "/").split("?")[0];
    if (!isOddPath(raw) && !isOtherCase(raw)) return next();
    notFound(raw, res);
  };
}

function notFound(raw: string, res: RawResponse) {
  const api = /^\/api(\/|$)/i.test(raw);
  res
    .status(404)
    .set({
      "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    })
    .send(api ? JSON.stringify({ exceptionType: "not_found", message: "Not found" }) : NOT_FOUND_PAGE);
}
