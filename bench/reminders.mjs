// `node bench/reminders.mjs`: 10,000 appointment reminders due in the same minute, sent by one
// dispatcher run (app/models/messaging/dispatcher.server.ts) through SMTP to a local SMTP server,
// within a budget of 120 s on this machine, none twice. Budgets are printed, never asserted.
//
// Inputs (environment):
//   REMINDERS_COUNT         reminders due (default 10000)
//   REMINDERS_BUDGET_S      the time budget in seconds (default 120)
//   REMINDERS_CONCURRENCY   sends in flight in the dispatcher (default: the dispatcher's own, 16)
//   BENCH_DATABASE_URL      PostgreSQL admin URL: the run uses a fresh database there (dropped after);
//                           without it, the embedded database (PGlite, in memory) as the app's default.
//
// It seeds from source (bench/reminders-worker.ts, run with tsx), counts the SMTP server's receipts
// per recipient and the outbox rows per dedupe key, and prints:
//   reminders: 10000 due in one minute sent in NN s (budget 120 s), duplicates 0
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { databaseUrlOn, onPostgres } from "./lib.mjs";

const COUNT = Number(process.env.REMINDERS_COUNT || 10_000);
const BUDGET_S = Number(process.env.REMINDERS_BUDGET_S || 120);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.BENCH_DATABASE_URL;

const receipts = new Map();
const server = new SMTPServer({
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  logger: false,
  // A reverse DNS lookup per connection would measure the resolver, not the app.
  disableReverseLookup: true,
  onData(stream, session, done) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      for (const rcpt of session.envelope.rcptTo) receipts.set(rcpt.address, (receipts.get(rcpt.address) ?? 0) + 1);
      done();
    });
  },
});
const port = 20000 + Math.floor(Math.random() * 20000);
await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, "127.0.0.1", resolve);
});

let databaseUrl = "";
const databaseName = `fieldwise_bench_reminders_${process.pid}`;
if (adminUrl) {
  await onPostgres(adminUrl, `create database ${databaseName}`);
  databaseUrl = databaseUrlOn(adminUrl, databaseName);
}

const result = await new Promise((resolve, reject) => {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["bench/reminders-worker.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: process.env.SESSION_SECRET || "bench-session-secret-0123456789",
      APP_URL: process.env.APP_URL || "http://localhost:3000",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      COUNT: String(COUNT),
      ...(process.env.REMINDERS_CONCURRENCY ? { CONCURRENCY: process.env.REMINDERS_CONCURRENCY } : {}),
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

await new Promise((resolve) => server.close(resolve));
if (adminUrl) await onPostgres(adminUrl, `drop database if exists ${databaseName} with (force)`);

const smtpReceipts = [...receipts.values()].reduce((a, b) => a + b, 0);
const duplicates = Math.max(smtpReceipts - receipts.size, result.outbox - result.keys, 0);
const seconds = Math.round(result.seconds);
console.log(
  `  (${result.due} due between ${result.first} and ${result.last}; ${result.sent} marked sent, ` +
    `${result.outbox} outbox rows, ${smtpReceipts} SMTP receipts for ${receipts.size} customers; ` +
    `${adminUrl ? "PostgreSQL" : "embedded database"})`,
);
console.log(
  `reminders: ${result.due} due in one minute sent in ${seconds} s (budget ${BUDGET_S} s), duplicates ${duplicates}` +
    (result.sent < result.due ? ` — ${result.due - result.sent} NOT SENT: ${JSON.stringify(result.outcomes)}` : "") +
    (seconds > BUDGET_S ? " — OVER BUDGET" : ""),
);
