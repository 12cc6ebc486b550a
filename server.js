// The Node server: Express serving the Remix app and the real-time hubs (SignalR protocol) on the same port.
// One process by default; with WEB_CONCURRENCY > 1 on PostgreSQL, a primary prepares the database and
// forks that many serving workers sharing the port (node:cluster).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
const app$ = build.entry.module;
// A wrong configuration stops the app with one line per problem, not a stack trace.
const configurationProblems = app$.configurationProblems();
if (configurationProblems) {
  console.error(configurationProblems);
  process.exit(1);
}

const started = Date.now();
if (cluster.isPrimary && app$.webConcurrency() > 1) await runPrimary();
else await serve();

async function runPrimary() {
  const { port, workers, banner } = await app$.prepareCluster();
  const fork = () => cluster.fork({ FIELDWISE_CLUSTER_WORKER: "true" });
  for (let i = 0; i < workers; i++) fork();
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === workers) console.log(banner(`http://localhost:${port}`, Date.now() - started));
  });
  // Real-time events published in one worker reach the browsers connected to the others (without REDIS_URL).
  cluster.on("message", (from, message) => {
    if (!message?.[app$.realtimeIpcKey]) return;
    for (const worker of Object.values(cluster.workers))
      if (worker !== from && worker.isConnected()) worker.send(message);
  });
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers).length === 0) process.exit(0);
      return;
    }
    // A worker that dies before it ever served would die again: stop rather than loop.
    if (listening < workers) {
      console.error(`A worker exited during start-up (${signal ?? code}); stopping.`);
      process.exit(1);
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the workers...`);
    for (const worker of Object.values(cluster.workers)) worker.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function serve() {
  const isWorker = process.env.FIELDWISE_CLUSTER_WORKER === "true";
  const { port, banner } = await app$.boot({ prepared: isWorker });

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY, validated at start: no proxy, a hop count or the proxies' addresses (never "every X-Forwarded-For").
  app.set("trust proxy", app$.trustProxy());
  // A body the app refused or left unread (413 past its limit, app/request-size.server.ts) is dropped for a
  // moment after the answer rather than reset with it, so the client reads the answer.
  app.use(app$.lingerOnUnreadBody);
  app.use(compression());
  // The map island (app/components/map-island.tsx) loads Google's script, tiles and street view: only with a key.
  const mapsKey = !!process.env.GOOGLE_MAPS_API_KEY;
  const mapsScripts = mapsKey ? " https://maps.googleapis.com https://maps.gstatic.com" : "";
  const mapsData = mapsKey ? " https://*.googleapis.com https://*.gstatic.com https://*.google.com" : "";
  const mapsImages = mapsKey ? `${mapsData} https://*.googleusercontent.com` : "";
  // The policy is written once; only the script nonce changes per response (helmet's own CSP builder
  // re-serialises every directive on each request).
  const cspBefore = `default-src 'self';script-src 'self'${mapsScripts} 'nonce-`;
  const cspAfter = [
    "'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://maps.googleapis.com https://maps.gstatic.com${mapsImages}`,
    "font-src 'self'",
    `connect-src 'self' ws: wss:${mapsData}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join(";");
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", cspBefore + res.locals.cspNonce + cspAfter);
    next();
  });
  // Cross-site form posts are refused on top of SameSite cookies.
  // X-Forwarded-Host counts only from a proxy TRUST_PROXY names, like Express's own forwarded headers.
  const viaTrustedProxy = (req) => app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  app.use((req, res, next) => {
    if (
      app$.isCrossSiteRequest({ method: req.method, headers: req.headers }, { viaTrustedProxy: viaTrustedProxy(req) })
    ) {
      res.status(403).json({ message: "Cross-site requests are not allowed." });
      return;
    }
    next();
  });
  // The real-time hubs (/hubs/public, /hubs/private): negotiate, Server-Sent Events and long polling here,
  // WebSockets on the server's upgrade below. Every hub request is checked as a cross-site post is (a
  // WebSocket or event stream opened by another site must not ride the session cookie).
  const hubs = app$.createRealtimeHubs({
    isCrossSite: (req) =>
      app$.isCrossSiteRequest({ method: "POST", headers: req.headers }, { viaTrustedProxy: viaTrustedProxy(req) }),
  });
  app.use(hubs.handleHttp);
  // Odd spellings of a path (/jobs/%2e%2e/customers, /%63ustomers, %00, a lone %, /CUSTOMERS) answer 404
  // before the URL parser and the router turn them into a known route.
  app.use(app$.refuseOddPaths(build.routes));
  app.use(
    "/build",
    express.static(path.join(buildDir, "client/build"), {
      immutable: true,
      maxAge: "1y",
    }),
  );
  app.use("/fonts", express.static("public/fonts", { immutable: true, maxAge: "1y" }));
  // Only a path naming a file can be one of public/'s files: pages skip the disk lookup.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  // The app's request path (app/server/request-handler.server.ts): body count, form check, Remix's
  // createRequestHandler with the per-request load context, response policy.
  const handleRequest = app$.createAppRequestHandler(build, process.env.NODE_ENV);
  const getLoadContext = (req, res) => app$.getLoadContext({ cspNonce: res.locals.cspNonce, clientAddress: req.ip });
  app.all("*", async (req, res, next) => {
    try {
      await sendResponse(res, await handleRequest(toFetchRequest(req, res), getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  });

  const server = app.listen(port, () => {
    if (!isWorker) console.log(banner(`http://localhost:${port}`, Date.now() - started));
  });
  server.on("upgrade", hubs.handleUpgrade);

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    if (!isWorker) console.log(`${signal}: closing connections, the queue and the database...`);
    server.close();
    try {
      // Real-time clients get the close message (they reconnect to another instance or after the restart).
      await hubs.close();
      server.closeAllConnections?.();
      await app$.shutdown();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Express's request as a Fetch Request, as @remix-run/express does it (its converters are not part of
 * its public API): the address from Express (TRUST_PROXY decides protocol and host), the body streamed,
 * and the route's work aborted when the client goes before the answer is sent.
 */
function toFetchRequest(req, res) {
  const port = Number.parseInt((req.get("X-Forwarded-Host") ?? req.get("host") ?? "").split(":")[1], 10);
  const url = new URL(
    `${req.protocol}://${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ""}${req.originalUrl}`,
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  let controller = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD")
    Object.assign(init, { body: createReadableStreamFromReadable(req), duplex: "half" });
  return new Request(url.href, init);
}

async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
