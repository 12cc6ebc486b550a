import { deliverDueWebhooks } from "~/models/webhooks/delivery.server";
import { defineJob } from "~/services/queue.server";

/**
 * Every minute: one delivery run. Runs on several instances may overlap; the claims keep them
 * apart. 200 batches (10,000 deliveries, each at most 10 s in parallel batches) stay well inside
 * pg-boss's expiry; the next minute carries on.
 */
export const webhookDeliveryJob = defineJob(
  "deliver-webhooks",
  async () => {
    await deliverDueWebhooks({ maxBatches: 200 });
  },
  { cron: "* * * * *", retryLimit: 0 },
);

/** Right after a test event or a resend: a run now rather than at the next minute (none when the queue is not running). */
export function nudgeWebhookDelivery() {
  try {
    void webhookDeliveryJob.send({}).catch(() => undefined);
  } catch {
    // The queue is not started (tests, scripts): the next run picks the delivery up.
  }
}
