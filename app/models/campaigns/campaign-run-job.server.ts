import { queueDueCampaigns } from "~/models/campaigns/campaign-sending.server";
import { nudgeDispatcher } from "~/models/messaging/automatic.server";
import { defineJob } from "~/services/queue.server";

/**
 * Every minute: the specific-date campaigns whose time has come get their audience queued (as it is
 * then), and the dispatcher is woken to send at once. Overlapping runs on several instances are safe
 * (campaign-sending.server.ts: a campaign is locked by one run, each message has its key).
 */
export const campaignRunJob = defineJob(
  "queue-due-campaigns",
  async () => {
    const { messages } = await queueDueCampaigns();
    if (messages > 0) nudgeDispatcher();
  },
  { cron: "* * * * *", retryLimit: 0 },
);
