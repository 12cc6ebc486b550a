import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import type { RequestContext } from "~/server/request-handler.server";
import { NonceContext } from "~/utils/nonce";
// Registers the company API key as a way to authenticate /api calls.
import "~/access/api-keys.server";

export { boot, configurationProblems, prepareCluster, shutdown, webConcurrency } from "~/server/boot.server";
/** The request path server.js hands every request that is not a static file, and its load context. */
export { createAppRequestHandler, getLoadContext } from "~/server/request-handler.server";
export { lingerOnUnreadBody } from "~/http/request-size.server";
export { isCrossSiteRequest } from "~/http/origin.server";
export { refuseOddPaths } from "~/http/odd-paths.server";
export { trustProxy } from "~/server/env.server";
/** The real-time hubs on server.js's http server, and the key of the events its cluster primary relays. */
export { createRealtimeHubs } from "~/services/realtime/index.server";
export { IPC_KEY as realtimeIpcKey } from "~/services/realtime/bus.server";

const ABORT_DELAY = 5_000;

/**
 * No route defers data, so the shell is the whole page: it is rendered completely and sent as one
 * body, which costs less than streaming it in pieces through compression (same first byte for
 * users). The compression middleware (server.js) gzips it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as Partial<RequestContext>).cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
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

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
