// `node bench/inbox.mjs`: the two-way text inbox (issue #18) at 50,000 conversations and a thread of
// 10,000 messages, timed as the customers list is (one client, median of 40 distinct requests after
// 10 unmeasured; budgets of the customers list: its API call 8 ms), and 100 incoming texts a second
// for 10 s through the signed webhook, stored without loss. Budgets are printed, never asserted.
//
// Inputs (environment):
//   CONVERSATIONS, THREAD_MESSAGES   the sizes (default 50000 and 10000)
//   BENCH_DATABASE_URL               PostgreSQL admin URL: a fresh database there (dropped after);
//                                    without it, the embedded database (PGlite, in memory).
//
// It seeds and measures from source (bench/inbox-worker.ts, run with tsx: the route modules'
// loaders and the webhook's action, called in process, without the HTTP server) and prints:
//   inbox: 50000 conversations list NN ms, ... (budget 8 ms); 1000 of 1000 incoming texts stored
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseUrlOn, onPostgres } from "./lib.mjs";

const BUDGET_MS = 8;
/** The customers list page's budget, for the inbox screen's data. */
const PAGE_BUDGET_MS = 15;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.BENCH_DATABASE_URL;

let databaseUrl = "";
const databaseName = `fieldwise_bench_inbox_${process.pid}`;
if (adminUrl) {
  await onPostgres(adminUrl, `create database ${databaseName}`);
  databaseUrl = databaseUrlOn(adminUrl, databaseName);
}

const ms = (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
const within = (n) => (n <= BUDGET_MS ? "pass" : "OVER");

try {
  const result = await new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["bench/inbox-worker.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: process.env.SESSION_SECRET || "bench-session-secret-0123456789",
        APP_URL: process.env.APP_URL || "http://localhost:3000",
        DATABASE_URL: databaseUrl,
        // The webhook verifies signatures with these (no text is sent: nothing reaches Twilio).
        TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
        TWILIO_AUTH_TOKEN: "bench-twilio-auth-token-0123456789",
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
  const failed = list.failed + unread.failed + search.failed + messages.failed;
  console.log(
    `  (${adminUrl ? "PostgreSQL" : "embedded database"}; seeded in ${Math.round(result.seedSeconds)} s; ` +
      `incoming: ${incoming.sent} texts over ${incoming.seconds.toFixed(1)} s, p50 ${ms(incoming.p50)} ms, p95 ${ms(incoming.p95)} ms per text` +
      `${failed ? `; ${failed} list requests not 200` : ""})`,
  );
  console.log(
    `inbox: ${result.conversations} conversations list ${ms(list.median)} ms ${within(list.median)}, unread ${ms(unread.median)} ms ${within(unread.median)}, ` +
      `search ${ms(search.median)} ms ${within(search.median)}, ${result.thread}-message thread page ${ms(messages.median)} ms ${within(messages.median)} (API, budget ${BUDGET_MS} ms); ` +
      `screen data: list page ${ms(screenList.median)} ms ${screenList.median <= PAGE_BUDGET_MS ? "pass" : "OVER"}, open thread ${ms(screenThread.median)} ms ${screenThread.median <= PAGE_BUDGET_MS ? "pass" : "OVER"} (budget ${PAGE_BUDGET_MS} ms); ` +
      `${incoming.stored} of ${incoming.sent} incoming texts at 100/s stored` +
      (incoming.stored !== incoming.sent || incoming.refused
        ? ` — ${incoming.sent - incoming.stored} LOST, ${incoming.refused} refused`
        : " (none lost)"),
  );
} finally {
  if (adminUrl) await onPostgres(adminUrl, `drop database if exists ${databaseName} with (force)`);
}
