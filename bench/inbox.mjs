// `node bench/inbox.mjs`: the two-way text inbox (issue #18) at 50,000 conversations and a thread of
// 10,000 messages, timed as the customers list is (one client, median of 40 distinct requests after
// 10 unmeasured; budgets of the customers list: its API call 8 ms, its page 15 ms), and 100 incoming
// texts a second for 10 s through the signed webhook, stored without loss. Budgets are printed, never
// asserted.
//
// Inputs (environment):
//   CONVERSATIONS, THREAD_MESSAGES   the sizes (default 50000 and 10000)
//   BENCH_DATABASE_URL               PostgreSQL admin URL: a fresh database there (dropped after);
//                                    without it, the embedded database in a temporary DATA_DIR.
//   BENCH_BUILD_DIR                  a production build to serve (`npm run bench` passes its own);
//                                    without it, the app is built into .cache/bench-inbox-<pid> (removed after).
//
// Two passes on one database:
// 1. From source (bench/inbox-worker.ts, run with tsx): seeds, then times the API routes' loaders and
//    the screen's data called in process (no HTTP server), then the webhook's action at 100 texts a
//    second; it leaves 50 fresh session cookies of the company's admin.
// 2. Through HTTP as bench/run.mjs times the customers list: the built server (`node server.js`) on
//    that database, `/inbox` list pages at any depth and the 10,000-message thread's pages
//    (`/inbox?conversation=<id>&mpage=<n>`) rendered afresh, gzip asked, one session per request and
//    every URL distinct (`b=<i>`).
// Prints, last line:
//   inbox: 50000 conversations list NN ms, ... (API, budget 8 ms); ... screen (HTTP): list page NN ms, thread page NN ms (budget 15 ms); ...
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildInto, databaseUrlOn, freePort, onPostgres, serverEnv, startServer } from "./lib.mjs";

const BUDGET_MS = 8;
/** The customers list page's budget, for the inbox screen's data. */
const PAGE_BUDGET_MS = 15;
const SAMPLES = 40;
const WARM_UP = 10;
const SESSION_SECRET = process.env.SESSION_SECRET || "bench-session-secret-0123456789";
const TWILIO = {
  // The webhook verifies signatures with these (no text is sent: nothing reaches Twilio).
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "bench-twilio-auth-token-0123456789",
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.BENCH_DATABASE_URL;
const ownBuild = !process.env.BENCH_BUILD_DIR;
const buildDir = path.resolve(process.env.BENCH_BUILD_DIR || `.cache/bench-inbox-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-bench-inbox-"));
let server = null;
process.on("exit", () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));

/** GET to the end of the answer (gzip asked, as a browser does); its status. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      })
      .on("error", reject);
  });
}

/** One request at a time, each URL and session its own: the median of SAMPLES after WARM_UP. */
async function oneClient(base, cookies, pathOf) {
  const times = [];
  let failed = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const status = await get(`${base}${pathOf(i)}&b=${i}`, { cookie: cookies[i % cookies.length] });
    if (i >= WARM_UP) times.push(performance.now() - started);
    if (status !== 200) failed++;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], failed };
}

let databaseUrl = "";
const databaseName = `fieldwise_bench_inbox_${process.pid}`;
if (adminUrl) {
  await onPostgres(adminUrl, `create database ${databaseName}`);
  databaseUrl = databaseUrlOn(adminUrl, databaseName);
}

const ms = (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
const within = (n) => (n <= BUDGET_MS ? "pass" : "OVER");

if (ownBuild) {
  const built = buildInto(buildDir);
  if (built.status !== 0) {
    console.error(`The build failed:\n${built.stdout}\n${built.stderr}`);
    process.exit(1);
  }
} else if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`BENCH_BUILD_DIR=${buildDir} holds no build`);
  process.exit(1);
}

try {
  const result = await new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["bench/inbox-worker.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        APP_URL: process.env.APP_URL || "http://localhost:3000",
        SESSION_SECRET,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSIONS: String(WARM_UP + SAMPLES),
        ...TWILIO,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)))
        : reject(new Error(`worker exited ${code}\n${out}`)),
    );
  });
  const { list, unread, search, messages, screenList, screenThread, incoming } = result;

  // The HTTP pass: the built server on the database the worker seeded (closed by now).
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = serverEnv({ buildDir, dataDir, port, sessionSecret: SESSION_SECRET }, TWILIO);
  delete env.WEB_CONCURRENCY;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  server = await startServer(env, base, root);
  const pages = Math.ceil(result.conversations / 20);
  const threadPages = Math.ceil(result.thread / 100);
  const spread = (i, n) => 1 + ((i * 7919) % Math.max(1, n));
  const httpList = await oneClient(base, result.cookies, (i) => `/inbox?page=${spread(i, pages)}`);
  const httpThread = await oneClient(
    base,
    result.cookies,
    (i) => `/inbox?conversation=${result.threadId}&mpage=${spread(i, threadPages)}`,
  );
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));

  const failed = list.failed + unread.failed + search.failed + messages.failed;
  const httpFailed = httpList.failed + httpThread.failed;
  const page = (n) => `${ms(n)} ms ${n <= PAGE_BUDGET_MS ? "pass" : "OVER"}`;
  console.log(
    `  (${adminUrl ? "PostgreSQL" : "embedded database"}; seeded in ${Math.round(result.seedSeconds)} s; ` +
      `incoming: ${incoming.sent} texts over ${incoming.seconds.toFixed(1)} s, p50 ${ms(incoming.p50)} ms, p95 ${ms(incoming.p95)} ms per text` +
      `${failed ? `; ${failed} list requests not 200` : ""}${httpFailed ? `; ${httpFailed} screen requests not 200` : ""})`,
  );
  console.log(
    `inbox: ${result.conversations} conversations list ${ms(list.median)} ms ${within(list.median)}, unread ${ms(unread.median)} ms ${within(unread.median)}, ` +
      `search ${ms(search.median)} ms ${within(search.median)}, ${result.thread}-message thread page ${ms(messages.median)} ms ${within(messages.median)} (API, budget ${BUDGET_MS} ms); ` +
      `screen (HTTP, fresh render, a session per request): list page ${page(httpList.median)}, thread page ${page(httpThread.median)} (budget ${PAGE_BUDGET_MS} ms; its data in process ${ms(screenList.median)} and ${ms(screenThread.median)} ms); ` +
      `${incoming.stored} of ${incoming.sent} incoming texts at 100/s stored` +
      (incoming.stored !== incoming.sent || incoming.refused
        ? ` — ${incoming.sent - incoming.stored} LOST, ${incoming.refused} refused`
        : " (none lost)"),
  );
} finally {
  if (adminUrl) await onPostgres(adminUrl, `drop database if exists ${databaseName} with (force)`);
}
