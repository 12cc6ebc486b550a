import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Request size. Every request body reaches the app through one count, chunked ones included: a body
 * past the limit is cut off and the request answers 413 whatever its route made of the error, and a
 * Content-Length above the limit is refused before a byte is read. Forms and JSON stay far below
 * 1 MB; an upload raises the limit of its own request only (uploads.server, which streams the files
 * to disk and checks the spec's limits itself).
 */
export const REQUEST_BODY_LIMIT = 1024 * 1024;

export class RequestTooLargeError extends Error {
  constructor() {
    super("The request is too large.");
    this.name = "RequestTooLargeError";
  }
}

type BodyCount = {
  limit: number;
  /** The reader checks the declared length itself (an upload answering with the spec's size message). */
  lengthChecked: boolean;
  read: number;
  finished: boolean;
  exceeded: boolean;
  cut: AbortController;
};

// Keyed by the counted body itself: the copies of a request Remix hands its routes carry the same
// body stream (server-runtime's stripDataParam and stripIndexParam pass `body: request.body`).
const counts = new WeakMap<ReadableStream<Uint8Array>, BodyCount>();

/**
 * Lets this request's body grow to `bytes`: for an upload reader that counts the body itself and
 * refuses a larger declared length with its own message. Called before reading.
 */
export function allowLargerBody(request: Request, bytes: number) {
  const count = request.body && counts.get(request.body);
  if (!count) return;
  count.limit = Math.max(count.limit, bytes);
  count.lengthChecked = true;
}

type Handler<C> = (request: Request, loadContext: C) => Promise<Response>;

/** A request handler with the body count in front (app/server/request-handler.server.ts). */
export function limitRequestBodies<C>(handle: Handler<C>): Handler<C> {
  return async (request, loadContext) => {
    if (!request.body) return handle(request, loadContext);
    const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
    const count: BodyCount = {
      limit: REQUEST_BODY_LIMIT,
      lengthChecked: false,
      read: 0,
      finished: false,
      exceeded: false,
      cut: new AbortController(),
    };
    const source = request.body.getReader();
    const refuse = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      count.exceeded = true;
      // The route's work stops and its error is not logged (handleError skips aborted requests).
      count.cut.abort();
      controller.error(new RequestTooLargeError());
    };
    // Nothing is read until the route asks for it (highWaterMark 0), so a refused length costs no read.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (count.read === 0 && !count.lengthChecked && declared > count.limit) return refuse(controller);
          const { done, value } = await source.read();
          if (done) {
            count.finished = true;
            return controller.close();
          }
          count.read += value.byteLength;
          if (count.read > count.limit) return refuse(controller);
          controller.enqueue(value);
        },
        // The source is not cancelled: that would close the connection before the answer is written.
        // Left unread, it stops the socket's reading, and the answer closes the connection.
        cancel() {
          source.releaseLock();
        },
      },
      { highWaterMark: 0 },
    );
    counts.set(body, count);
    const counted = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: AbortSignal.any([request.signal, count.cut.signal]),
      duplex: "half",
    } as RequestInit);
    try {
      const response = await handle(counted, loadContext);
      if (count.exceeded) return tooLarge(request);
      // A body the route left unread is not read after the answer either (Node would read it to the end to keep the connection).
      return count.finished || declared === 0 ? response : closingConnection(response);
    } catch (error) {
      if (count.exceeded) return tooLarge(request);
      throw error;
    }
  };
}

function tooLarge(request: Request): Response {
  const headers = { Connection: "close", "Cache-Control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api/"))
    return Response.json({ message: "The request is too large." }, { status: 413, headers });
  return new Response("The request is too large.", {
    status: 413,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

function closingConnection(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Connection", "close");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Express middleware (server.js). An answer that closes the connection on a body left unread (a 413,
 * an upload refused by its length) would otherwise close it with data still arriving, which resets
 * the connection, and the client may lose the answer with it. Lingering close: the rest of the body is
 * read and dropped for a moment after the answer (until the client stops sending, at most 2 s and
 * 64 MB), then the connection closes.
 */
export function lingerOnUnreadBody(req: IncomingMessage, res: ServerResponse, next: () => void) {
  res.once("finish", () => {
    const socket = req.socket;
    if (req.complete || socket.destroyed || String(res.getHeader("connection")).toLowerCase() !== "close") return;
    // Node has asked the socket to close once the answer is written (destroySoon); it closes after the linger instead.
    socket.off("finish", socket.destroy);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(timer));
    const closeWhenWritten = () =>
      socket.writableFinished ? socket.destroy() : socket.once("finish", () => socket.destroy());
    let dropped = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) closeWhenWritten();
    });
    req.once("end", closeWhenWritten);
    req.resume();
  });
  next();
}
