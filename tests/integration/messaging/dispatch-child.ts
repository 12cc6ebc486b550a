/**
 * One dispatcher process for tests/integration/messaging/exactly-once.test.ts (run with tsx from
 * source): opens DATABASE_URL, runs the dispatcher until nothing is due, prints its report.
 * STALE_MS: claims older than this are taken back first; BATCH: rows claimed at a time.
 */
import { closeDatabase, openDatabase } from "~/db.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
await openDatabase({ databaseUrl, migrate: false, poolSize: 4 });
const report = await dispatchDueMessages({
  staleAfterMs: process.env.STALE_MS ? Number(process.env.STALE_MS) : undefined,
  batchSize: process.env.BATCH ? Number(process.env.BATCH) : undefined,
  concurrency: process.env.CONCURRENCY ? Number(process.env.CONCURRENCY) : undefined,
});
process.stdout.write(`${JSON.stringify(report)}\n`);
await closeDatabase();
process.exit(0);
