// `node bench/campaigns.mjs`: a specific-date campaign to 20,000 customers of one company (issue #17):
// the time its audience takes to be queued (budget 30 s) and the time until the outbox adapter has
// sent every message (budget 5 minutes), none twice. Budgets are printed, never asserted.
//
// Inputs (environment):
//   CAMPAIGN_AUDIENCE        customers in the audience (default 20000)
//   CAMPAIGN_QUEUE_BUDGET_S  the queueing budget in seconds (default 30)
//   CAMPAIGN_SEND_BUDGET_S   the budget until all are sent, in seconds, queueing included (default 300)
//   BENCH_DATABASE_URL       PostgreSQL admin URL: the run uses a fresh database there (dropped after);
//                            without it, the embedded database (PGlite, in memory) as the app's default.
//
// It seeds from source (bench/campaigns-worker.ts, run with tsx), counts the outbox rows per dedupe
// key, and prints:
//   campaigns: 20000 customers queued in N s (budget 30 s), all sent in N s (budget 300 s), duplicates 0
import { benchDatabase, runWorker } from "./lib.mjs";

const COUNT = Number(process.env.CAMPAIGN_AUDIENCE || 20_000);
const QUEUE_BUDGET_S = Number(process.env.CAMPAIGN_QUEUE_BUDGET_S || 30);
const SEND_BUDGET_S = Number(process.env.CAMPAIGN_SEND_BUDGET_S || 300);
const adminUrl = process.env.BENCH_DATABASE_URL;
const database = await benchDatabase(`fieldwise_bench_campaigns_${process.pid}`);

try {
  const result = await runWorker("bench/campaigns-worker.ts", {
    DATABASE_URL: database.url,
    COUNT: String(COUNT),
    // The outbox adapter: without SMTP_URL each email is stored in outbox_messages.
    SMTP_URL: undefined,
  });
  const queueSeconds = Math.round(result.queueSeconds * 10) / 10;
  const totalSeconds = Math.round(result.totalSeconds);
  const duplicates = Math.max(result.outbox - result.keys, result.queued - result.audience, 0);
  console.log(
    `  (${result.queued} messages queued for ${result.audience} customers, ${result.sent} marked sent, ` +
      `${result.outbox} outbox rows for ${result.keys} keys; ${adminUrl ? "PostgreSQL" : "embedded database"})`,
  );
  console.log(
    `campaigns: ${result.audience} customers queued in ${queueSeconds} s (budget ${QUEUE_BUDGET_S} s), ` +
      `all sent in ${totalSeconds} s (budget ${SEND_BUDGET_S} s), duplicates ${duplicates}` +
      (result.sent < result.audience
        ? ` — ${result.audience - result.sent} NOT SENT: ${JSON.stringify(result.outcomes)}`
        : "") +
      (queueSeconds > QUEUE_BUDGET_S || totalSeconds > SEND_BUDGET_S ? " — OVER BUDGET" : ""),
  );
} finally {
  await database.drop();
}
