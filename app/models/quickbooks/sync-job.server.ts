import { connectedCompanyIds, syncCompany } from "~/models/quickbooks/sync.server";
import { defineJob } from "~/services/queue.server";

/**
 * Accounting sync on the queue: one company when asked ('Sync now'), every connected company when
 * the nightly schedule fires (03:00 UTC). A retried or overlapping run is safe: the sync takes a
 * per-company lock and links every record it creates.
 */
export const quickBooksSyncJob = defineJob<{ companyId?: number }>(
  "quickbooks-sync",
  async ({ companyId }) => {
    const ids = companyId ? [companyId] : await connectedCompanyIds();
    for (const id of ids) await syncCompany(id);
  },
  { cron: "0 3 * * *", retryLimit: 2 },
);

/** 'Sync now': a second click queues a second run, which skips what the first one sent (links, lock). */
export async function requestSync(companyId: number): Promise<void> {
  await quickBooksSyncJob.send({ companyId });
}
