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
import { SMTPServer } from "smtp-server";
import { benchDatabase, runWorker } from "./lib.mjs";

const COUNT = Number(process.env.REMINDERS_COUNT || 10_000);
const BUDGET_S = Number(process.env.REMINDERS_BUDGET_S || 120);
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

const database = await benchDatabase(`fieldwise_bench_reminders_${process.pid}`);
const result = await runWorker("bench/reminders-worker.ts", {
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  DATABASE_URL: database.url,
  COUNT: String(COUNT),
  ...(process.env.REMINDERS_CONCURRENCY ? { CONCURRENCY: process.env.REMINDERS_CONCURRENCY } : {}),
});

await new Promise((resolve) => server.close(resolve));
await database.drop();

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
