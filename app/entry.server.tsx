import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/utils/nonce";
// Registers the company API key as a way to authenticate /api calls.
import "~/models/api-keys.server";

export { boot, prepareCluster, shutdown, webConcurrency } from "~/boot.server";
export { isCrossSiteRequest } from "~/utils/origin.server";
export { returnThrownFormErrors } from "~/utils/forms.server";
export { REQUEST_ID_HEADER } from "~/models/access.server";
export { accessOfUser, sampleRecordIds, sessionCookieFor } from "~/models/session-fixtures.server";
export { seedBenchmark } from "~/models/bench-seed.server";

const ABORT_DELAY = 5_000;

/**
 * No route defers data, so the shell is the whole page: it is rendered completely and sent as one
 * body, which costs less than streaming it in pieces through compression (same first byte for users).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = (loadContext.cspNonce as string | undefined) ?? "";
  const visitorKey = visitorPageKey(request, responseStatusCode, responseHeaders, remixContext);
  const kept = visitorKey ? visitorPages.get(visitorKey) : undefined;
  const page = (html: Uint8Array<ArrayBuffer>) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(compressed(html, request, responseHeaders), { headers: responseHeaders, status: responseStatusCode });
  };
  if (kept) return Promise.resolve(page(Buffer.from(nonce ? kept.html.replaceAll(kept.nonce, nonce) : kept.html)));
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const html = Buffer.concat(chunks);
        // A few paths at most (spellings of a path count apart: /login, /Login/): the map stays small.
        if (visitorKey && responseStatusCode === 200 && nonce.length >= 16 && visitorPages.size < 20) visitorPages.set(visitorKey, { html: html.toString("utf8"), nonce });
        resolve(page(html));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reach Remix (onShellError) and are logged there.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Pages that are the same for every visitor without cookies (a route with handle.sameForVisitors:
 * sign-in, sign-up, forgot password) are rendered once per process and served again with the
 * response's own nonce: they hold no data, and their render was most of their cost.
 */
const visitorPages = new Map<string, { html: string; nonce: string }>();

function visitorPageKey(request: Request, status: number, headers: Headers, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200 || request.headers.has("Cookie") || headers.has("Set-Cookie")) return null;
  const url = new URL(request.url);
  const leaf = context.staticHandlerContext.matches.at(-1)?.route.id;
  const handle = leaf ? (context.routeModules[leaf]?.handle as { sameForVisitors?: boolean } | undefined) : undefined;
  return url.search || !handle?.sameForVisitors ? null : url.pathname;
}

/**
 * A page is whole in memory, so it is gzipped in one call; the compression middleware leaves a
 * response that already names its encoding alone (it still handles data and API answers).
 */
function compressed(html: Uint8Array<ArrayBuffer>, request: Request, headers: Headers): Uint8Array<ArrayBuffer> {
  headers.append("Vary", "Accept-Encoding");
  const accepted = request.headers.get("Accept-Encoding") ?? "";
  if (html.length < 1024 || !/(^|,)\s*gzip\s*(,|;(?!\s*q=0(\.0*)?\s*(,|$))|$)/i.test(accepted)) return html;
  headers.set("Content-Encoding", "gzip");
  return new Uint8Array(gzipSync(html));
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
