import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { campaignMessages, campaigns, companies, scheduledMessages } from "~/db/schema";
import { CAMPAIGN_SEND_HOUR, CampaignTrigger, DelayType } from "~/models/campaigns/campaigns.schema";

/**
 * When a job-finished campaign message goes (docs/decisions/062-custom-campaigns.md), in SQL so that
 * writing a message and moving the waiting ones after an edit share one rule: delay 0 is at once;
 * otherwise the finish day in the company's zone, plus the days, weeks or months, at 10 a.m. local.
 * The day arithmetic is on the local date (a month after Jan 31 is Feb 28 or 29), and the local
 * 10:00 becomes an instant in the zone as it is that day (daylight saving included).
 */
export function campaignDueAt(input: {
  triggerAt: SQL;
  timeZone: SQL;
  delayType: SQL;
  delayValue: SQL;
  now: SQL;
}): SQL {
  const { triggerAt, timeZone, delayType, delayValue, now } = input;
  const delay = sql`make_interval(
    months => case when ${delayType} = ${DelayType.Month} then ${delayValue} else 0 end,
    days => case when ${delayType} = ${DelayType.Week} then ${delayValue} * 7
                 when ${delayType} = ${DelayType.Day} then ${delayValue} else 0 end)`;
  return sql`case when ${delayValue} = 0 then ${now}
    else ((((${triggerAt} at time zone ${timeZone})::date + ${delay})::date + make_interval(hours => ${CAMPAIGN_SEND_HOUR}))
      at time zone ${timeZone}) end`;
}

/**
 * After a campaign's delay changed: its job-finished messages still waiting take the new due time
 * (already past: they go at once), in the caller's transaction. Sent and cancelled ones stay.
 */
export async function moveWaitingMessages(exec: Executor, campaignId: number, now = new Date()) {
  await exec.execute(sql`
    update ${scheduledMessages} set due_at = ${campaignDueAt({
      triggerAt: sql`${campaignMessages.triggerAt}`,
      timeZone: sql`${companies.timezone}`,
      delayType: sql`${campaigns.delayType}`,
      delayValue: sql`${campaigns.delayValue}`,
      now: sql`${now.toISOString()}::timestamptz`,
    })}
    from ${campaignMessages}
      join ${campaigns} on ${campaigns.id} = ${campaignMessages.campaignId}
      join ${companies} on ${companies.id} = ${campaigns.companyId}
    where ${campaignMessages.campaignId} = ${campaignId}
      and ${campaignMessages.triggerType} = ${CampaignTrigger.JobFinished}
      and ${scheduledMessages.idempotencyKey} = ${campaignMessages.idempotencyKey}
      and ${scheduledMessages.status} = 'pending'`);
}
