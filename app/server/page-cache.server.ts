import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { getAccess } from "~/access/access.server";
import { companyDataVersion } from "~/server/company-data-version.server";
import { shadowChangeRecorder } from "~/models/accounts/impersonation-log.server";
import { Role } from "~/access/roles";
import { routePath } from "~/access/route-table";
import { applyResponsePolicy } from "~/http/response-policy.server";

/**
 * Pages kept in memory and served again while nothing they show can have changed
 * (docs/decisions/page-cache.md):
 * - for visitors without cookies, routes with handle.sameForVisitors (sign-in, sign-up, forgot
 *   password): rendered once per process;
 * - for a signed-in session, the lists and calls below: kept under the company's data version, which every
 *   write to the company's tables moves (triggers, migration 0003), and for a minute at most, for
 *   what changes with the clock alone (today, a trial running out).
 * A kept page is served with the response's own CSP nonce.
 */
const SIGNED_IN_PATHS = new Set(["/dashboard", "/customers", "/jobs", "/schedule", "/api/users/current", "/api/customers/page", "/api/jobs/page"]);
const SIGNED_IN_MS = 60_000;
const MAX_VISITOR_PAGES = 20;
const MAX_PAGES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

export type PageLoadContext = AppLoadContext & { cspNonce: string; clientAddress?: string; sameForVisitors?: boolean };
type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;
/** A page is kept in its pieces around the nonce, each already deflated; an API answer as its text. */
type Kept = { body: string | Piece[]; bytes: number; status: number; headers: [string, string][]; version: number; at: number };
type Piece = { text: Buffer; deflated: Buffer };

const visitorPages = new Map<string, Kept>();
const pages = new Map<string, Kept>();
const rendering = new Map<string, Promise<void>>();
let keptBytes = 0;

type Key = { signedIn: boolean; key: string; version: number };

async function pageKey(request: Request): Promise<Key | null> {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  const cookie = request.headers.get("Cookie");
  if (!cookie) return url.search ? null : { signedIn: false, key: url.pathname, version: 0 };
  // Only the session cookie: a toast cookie means a message to show once.
  if (!/^\s*__session=[^;]*;?\s*$/.test(cookie)) return null;
  if (!SIGNED_IN_PATHS.has(routePath(url))) return null;
  const access = await getAccess(request);
  // The super admin's pages read across companies.
  if (!access || access.user.role === Role.SuperAdmin) return null;
  const version = await companyDataVersion(access.company.id);
  return { signedIn: true, key: `${url.pathname}${url.search} ${JSON.stringify(access)}`, version };
}

/**
 * Answers a request through Remix, or from the kept pages. Documents are whole in memory, so they
 * are gzipped here in one call; the compression middleware leaves a response that already names
 * its encoding alone (it still handles data and API answers).
 */
export async function respond(request: Request, loadContext: PageLoadContext, remix: RemixHandler): Promise<Response> {
  // Secure cookies over HTTPS and no-store for signed-in answers, kept or fresh.
  return applyResponsePolicy(request, await answer(request, loadContext, remix));
}

async function answer(request: Request, loadContext: PageLoadContext, remix: RemixHandler): Promise<Response> {
  const key = await pageKey(request);
  if (!key) {
    // Every change made in a shadow session passes here: the impersonation log's one place.
    const recordShadowChange = await shadowChangeRecorder(request);
    const response = await remix(request, loadContext);
    recordShadowChange?.(response);
    return finish(response, request);
  }
  const usable = () => {
    const kept = (key.signedIn ? pages : visitorPages).get(key.key);
    return kept && kept.version === key.version && (!key.signedIn || Date.now() - kept.at < SIGNED_IN_MS) ? kept : undefined;
  };
  let kept = usable();
  // Signed-in requests for a page being rendered under the same version wait for it rather than render it again.
  const flight = `${key.version} ${key.key}`;
  if (!kept && key.signedIn && rendering.has(flight)) {
    await rendering.get(flight);
    kept = usable();
  }
  if (kept) return replay(kept, request, loadContext.cspNonce);
  let landed: (() => void) | undefined;
  if (key.signedIn && !rendering.has(flight)) rendering.set(flight, new Promise<void>((resolve) => (landed = resolve)));
  try {
    const response = await remix(request, loadContext);
    const isPage = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
    const keepable = response.status === 200 && !response.headers.has("Set-Cookie") && (key.signedIn || (isPage && loadContext.sameForVisitors));
    if (!keepable) return finish(response, request);
    const body = await response.text();
    const page = isPage ? pieces(body, loadContext.cspNonce) : body;
    if (!page) return finish(new Response(body, response), request);
    const bytes = typeof page === "string" ? page.length : page.reduce((n, p) => n + p.text.length + p.deflated.length, 0);
    const kept: Kept = { body: page, bytes, status: response.status, headers: [...response.headers], version: key.version, at: Date.now() };
    keep(key, kept);
    // The pieces are deflated already: this answer is served from them like the next ones.
    return replay(kept, request, loadContext.cspNonce);
  } finally {
    if (landed) {
      rendering.delete(flight);
      landed();
    }
  }
}

/** A response not kept: a page is gzipped whole, anything else goes out as Remix made it. */
async function finish(response: Response, request: Request): Promise<Response> {
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  return compressed(await response.text(), request, response.headers, response.status);
}

function keep({ signedIn, key }: Key, page: Kept) {
  if (!signedIn) {
    // A few paths at most (spellings of a path count apart: /login, /Login/): the map stays small.
    if (visitorPages.size < MAX_VISITOR_PAGES) visitorPages.set(key, page);
    return;
  }
  const before = pages.get(key);
  if (before) keptBytes -= before.bytes;
  pages.delete(key);
  pages.set(key, page);
  keptBytes += page.bytes;
  // Oldest first.
  for (const [oldKey, old] of pages) {
    if (pages.size <= MAX_PAGES && keptBytes <= MAX_BYTES) break;
    pages.delete(oldKey);
    keptBytes -= old.bytes;
  }
}

function replay(kept: Kept, request: Request, nonce: string): Response {
  const headers = new Headers(kept.headers);
  if (typeof kept.body === "string") return new Response(kept.body, { status: kept.status, headers });
  headers.append("Vary", "Accept-Encoding");
  if (!acceptsGzip(request)) return new Response(Buffer.concat(kept.body.flatMap((p, i) => (i ? [Buffer.from(nonce), p.text] : [p.text]))) as Uint8Array<ArrayBuffer>, { status: kept.status, headers });
  headers.set("Content-Encoding", "gzip");
  return new Response(gzipAround(kept.body, nonce), { status: kept.status, headers });
}

/**
 * A kept page's text split at its nonce, each piece deflated on its own (no back-references
 * across pieces), so that serving it with another nonce deflates only the nonce. Null when the
 * page has no nonce to stand on (a test's context without one).
 */
export function pieces(html: string, nonce: string): Piece[] | null {
  if (nonce.length < 16) return null;
  return html.split(nonce).map((part) => {
    const text = Buffer.from(part);
    return { text, deflated: deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }) };
  });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A last, empty block (fixed codes): ends the stream the pieces left open.
const LAST_BLOCK = Buffer.from([3, 0]);

/** The gzip of the pieces joined by the nonce: the deflated pieces in a row, with the whole text's CRC and length. */
export function gzipAround(parts: Piece[], nonce: string): Uint8Array<ArrayBuffer> {
  const nonceText = Buffer.from(nonce);
  const nonceDeflated = deflateRawSync(nonceText, { finishFlush: constants.Z_SYNC_FLUSH });
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i) {
      chunks.push(nonceDeflated);
      crc = crc32(nonceText, crc);
      length += nonceText.length;
    }
    chunks.push(part.deflated);
    crc = crc32(part.text, crc);
    length += part.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([...chunks, LAST_BLOCK, trailer]) as Uint8Array<ArrayBuffer>;
}

const acceptsGzip = (request: Request) => /(^|,)\s*gzip\s*(,|;(?!\s*q=0(\.0*)?\s*(,|$))|$)/i.test(request.headers.get("Accept-Encoding") ?? "");

function compressed(html: string, request: Request, headers: Headers, status: number): Response {
  const bytes = Buffer.from(html);
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  if (bytes.length < 1024 || !acceptsGzip(request)) return new Response(bytes, { status, headers });
  headers.set("Content-Encoding", "gzip");
  return new Response(gzipSync(bytes), { status, headers });
}

/** For tests: forget every kept page. */
export function forgetKeptPages() {
  visitorPages.clear();
  pages.clear();
  keptBytes = 0;
}
