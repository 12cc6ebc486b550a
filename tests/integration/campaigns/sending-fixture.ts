import { asc, eq, like } from "drizzle-orm";
import { db } from "~/db.server";
import { campaignMessages, companies, customers, outboxMessages, scheduledMessages } from "~/db/schema";
import { createCampaign } from "~/models/campaigns/campaigns.server";
import { CampaignTrigger, DelayType, type CampaignValues } from "~/models/campaigns/campaigns.schema";
import { jobsFixture } from "../jobs/fixtures";

/** A company in `timeZone` that can send texts, whose customer Grace has an email and a phone. */
export async function sendingFixture(timeZone = "America/New_York") {
  const f = await jobsFixture(timeZone);
  await db.update(companies).set({ messagingReady: true }).where(eq(companies.id, f.companyId));
  await db
    .update(customers)
    .set({ email: `grace-${f.customerId}@example.com`, mainPhoneNumber: "+15555550123" })
    .where(eq(customers.id, f.customerId));
  return { ...f, timeZone, rules: () => ({ now: new Date(), timeZone, canSendTexts: true }) };
}
export type SendingFixture = Awaited<ReturnType<typeof sendingFixture>>;

/** A valid campaign: an email a day after a job was finished, to every customer. */
export const campaignValues = (extra: Partial<CampaignValues> = {}): CampaignValues => ({
  name: "Thank you",
  isActive: true,
  triggerEvent: CampaignTrigger.JobFinished,
  delayType: DelayType.Day,
  delayValue: 1,
  sendImmediately: false,
  scheduledAt: null,
  channel: 2,
  subject: "Thanks, {{customer_first_name}}",
  emailMessage: "Hi {{customer_first_name}}, thank you for choosing {{company_name}} for {{job_title}}.",
  smsMessage: "Hi {{customer_first_name}}, thank you from {{company_name}}!",
  includeTagIds: [],
  excludeTagIds: [],
  checkAll: true,
  excludeCustomerIds: [],
  includeCustomerIds: [],
  selectedCustomersNumber: 0,
  ...extra,
});

export const newCampaign = (f: SendingFixture, extra: Partial<CampaignValues> = {}) =>
  createCampaign(f.admin, campaignValues(extra), f.rules());

/** The campaign's message records with their scheduled rows. */
export async function messagesOf(campaignId: number) {
  return db
    .select({
      key: campaignMessages.idempotencyKey,
      customerId: campaignMessages.customerId,
      triggerType: campaignMessages.triggerType,
      triggerAt: campaignMessages.triggerAt,
      jobId: campaignMessages.jobId,
      relatedType: campaignMessages.relatedType,
      title: campaignMessages.title,
      kind: scheduledMessages.kind,
      channel: scheduledMessages.channel,
      dueAt: scheduledMessages.dueAt,
      status: scheduledMessages.status,
      error: scheduledMessages.error,
    })
    .from(campaignMessages)
    .leftJoin(scheduledMessages, eq(scheduledMessages.idempotencyKey, campaignMessages.idempotencyKey))
    .where(eq(campaignMessages.campaignId, campaignId))
    .orderBy(asc(campaignMessages.id));
}

/** The outbox rows (sends) of a campaign. */
export const outboxOf = (campaignId: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `campaign:${campaignId}:%`))
    .orderBy(asc(outboxMessages.id));
