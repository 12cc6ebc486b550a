/**
 * One app instance's campaign work for tests/integration/campaigns/exactly-once.test.ts (run with tsx
 * from source): opens DATABASE_URL, queues the due specific-date campaigns, runs the dispatcher until
 * nothing is due, prints both reports. STALE_MS, BATCH and CONCURRENCY as in messaging/dispatch-child.ts.
 */
import { closeDatabase, openDatabase } from "~/db.server";
import { queueDueCampaigns } from "~/models/campaigns/campaign-sending.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
await openDatabase({ databaseUrl, migrate: false, poolSize: 4 });
const queued = await queueDueCampaigns();
const report = await dispatchDueMessages({
  staleAfterMs: process.env.STALE_MS ? Number(process.env.STALE_MS) : undefined,
  batchSize: process.env.BATCH ? Number(process.env.BATCH) : undefined,
  concurrency: process.env.CONCURRENCY ? Number(process.env.CONCURRENCY) : undefined,
});
process.stdout.write(`${JSON.stringify({ queued: queued.messages, ...report })}\n`);
await closeDatabase();
process.exit(0);
