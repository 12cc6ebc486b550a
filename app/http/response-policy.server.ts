import { OFFLINE_KEEP_HEADER } from "~/sw/headers";

/**
 * The last word on every answer the app gives (app/server/request-handler.server.ts, which every request
 * passes through; static assets are served before it and keep their long cache headers):
 * - each cookie it sets is Secure when the request came over HTTPS: directly, or through a proxy
 *   that TRUST_PROXY names (server.js builds request.url from Express's req.protocol, which
 *   believes X-Forwarded-Proto only from such a proxy);
 * - pages, data (?_data) and API answers of a signed-in caller (session cookie or API key), and
 *   any answer that sets a cookie, carry Cache-Control: no-store. Other answers to such a caller
 *   (stored files) keep a Cache-Control of their own, and get no-store when they have none;
 * - a server error (5xx) carries no-store whoever asked: a customer's token page that failed once
 *   must not be kept by a proxy or the browser;
 * - a copy the service worker keeps in the background (OFFLINE_KEEP_HEADER) sets no cookie: it was
 *   asked with the cookies of a moment that may be gone (a session since signed out or switched).
 */
export function applyResponsePolicy(request: Request, response: Response): Response {
  const overHttps = new URL(request.url).protocol === "https:";
  const cookies = response.headers.getSetCookie();
  const keptCopy = cookies.length > 0 && request.headers.has(OFFLINE_KEEP_HEADER);
  const needsSecure = overHttps && cookies.some((cookie) => !/;\s*secure\s*(;|$)/i.test(cookie));
  const noStore = shouldNotStore(request, response, cookies.length > 0);
  if (!needsSecure && !noStore && !keptCopy) return response;
  const headers = new Headers(response.headers);
  if (keptCopy) headers.delete("Set-Cookie");
  else if (needsSecure) {
    headers.delete("Set-Cookie");
    for (const cookie of cookies)
      headers.append("Set-Cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  }
  if (noStore) headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function shouldNotStore(request: Request, response: Response, setsCookies: boolean): boolean {
  const current = response.headers.get("Cache-Control");
  if (current && /(^|,)\s*no-store\s*(,|$)/i.test(current)) return false;
  if (setsCookies || response.status >= 500) return true;
  if (!signedInCaller(request)) return false;
  const url = new URL(request.url);
  const personal =
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") ||
    url.searchParams.has("_data") ||
    /^\/api(\/|$)/i.test(url.pathname);
  return personal || !current;
}

/** A session cookie or an API key (X-API-Key, Authorization: Bearer) comes with the request. */
function signedInCaller(request: Request): boolean {
  return (
    /(^|;)\s*__session=/.test(request.headers.get("Cookie") ?? "") ||
    /(^|;)\s*__portal=/.test(request.headers.get("Cookie") ?? "") ||
    request.headers.has("X-API-Key") ||
    request.headers.has("Authorization")
  );
}
