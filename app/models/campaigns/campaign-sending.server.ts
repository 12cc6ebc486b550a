import { and, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  bookingSettings,
  campaignMessages,
  campaigns,
  companies,
  customerAddresses,
  customers,
  scheduledMessages,
} from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { PUBLIC_FOLDERS, companyFileUrl } from "~/models/files/company-files.server";
import { campaignDueAt } from "~/models/campaigns/campaign-schedule.server";
import { audienceWhere } from "~/models/campaigns/campaigns.server";
import { CampaignTrigger } from "~/models/campaigns/campaigns.schema";
import { companyTimeZoneOf, isChannel } from "~/models/messaging/automatic.server";
import { emailHtml } from "~/models/messaging/email-html";
import type { FollowUpRow, FollowUpState } from "~/models/messaging/follow-ups.server";
import {
  messageValuesForJob,
  recipientColumns,
  recipientValues,
  withoutBlanks,
  type MessageValues,
} from "~/models/messaging/message-values.server";
import {
  sendCustomerMessage,
  wasAttempted,
  type ChannelOutcome,
  type CustomerSendOutcome,
  type DeliveryServices,
} from "~/models/messaging/send.server";
import { absoluteLogoUrl } from "~/models/messaging/templates.server";
import { renderTemplate, type ImageResolver } from "~/models/messaging/variables";

/**
 * Sending custom campaigns (docs/decisions/062-custom-campaigns.md): each message is a
 * campaign_messages row and a scheduled_messages row (kind `campaign`) with the same key, written in
 * one transaction (a finished job's, or the run that queues a specific-date campaign's audience), and
 * sent by the automatic-messages dispatcher with that key as the outbox dedupe stem, so each goes
 * once. At send time the campaign is read as it is now: its texts, channel and audience.
 */

export const CAMPAIGN_KIND = "campaign";

export const jobMessageKey = (campaignId: number, jobId: number) => `campaign:${campaignId}:job:${jobId}`;
const dateKeyPrefix = (campaignId: number, scheduledAt: Date) =>
  `campaign:${campaignId}:date:${scheduledAt.getTime()}:`;
/** The campaign date a specific-date message was written for (its key's epoch ms), or null. */
const dateOfKey = (key: string) => {
  const ms = /^campaign:\d+:date:(\d+):\d+$/.exec(key)?.[1];
  return ms === undefined ? null : Number(ms);
};

const JOB_TITLE_FALLBACK = "Job";

/** The rows of a statement, on either driver (node-postgres answers an object with rows, PGlite too, drizzle's types neither). */
async function rowsOf<T>(exec: Executor, statement: SQL): Promise<T[]> {
  const result = (await exec.execute(statement)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

const audienceColumns = {
  includeTagIds: campaigns.includeTagIds,
  excludeTagIds: campaigns.excludeTagIds,
  checkAll: campaigns.checkAll,
  excludeCustomerIds: campaigns.excludeCustomerIds,
  includeCustomerIds: campaigns.includeCustomerIds,
};

/**
 * A job moved to finished (or straight to paid), in the transaction of that change: one message per
 * active job-finished campaign of the company whose audience has the job's customer, due after the
 * campaign's delay at 10 a.m. in the company's zone (campaignDueAt). The key names the campaign and
 * the job, so a job finished twice sends once. Returns whether a message is due at once (the caller
 * then nudges the dispatcher after the commit).
 */
export async function queueFinishedJobCampaigns(
  exec: Executor,
  companyId: number,
  job: { id: number; customerId: number; seriesId: number | null; name: string | null },
  finishedAt: Date,
  now = new Date(),
): Promise<boolean> {
  const active = await exec
    .select({
      id: campaigns.id,
      channel: campaigns.channel,
      delayType: campaigns.delayType,
      delayValue: campaigns.delayValue,
      ...audienceColumns,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.companyId, companyId),
        eq(campaigns.isActive, true),
        eq(campaigns.triggerEvent, CampaignTrigger.JobFinished),
      ),
    );
  if (active.length === 0) return false;
  const timeZone = await companyTimeZoneOf(exec, companyId);
  const title = job.name?.trim() || JOB_TITLE_FALLBACK;
  let dueNow = false;
  for (const campaign of active) {
    const dueAt = campaignDueAt({
      triggerAt: sql`${finishedAt.toISOString()}::timestamptz`,
      timeZone: sql`${timeZone}::text`,
      delayType: sql`${campaign.delayType}::int`,
      delayValue: sql`${campaign.delayValue}::int`,
      now: sql`${now.toISOString()}::timestamptz`,
    });
    const written = await rowsOf<{ due_at: string | Date }>(
      exec,
      sql`
      with written as (
        insert into ${campaignMessages} (company_id, campaign_id, customer_id, trigger_type, trigger_at, job_id,
          related_type, title, idempotency_key)
        select ${companyId}, ${campaign.id}, ${customers.id}, ${CampaignTrigger.JobFinished},
          ${finishedAt.toISOString()}::timestamptz, ${job.id}, ${job.seriesId ? "visit" : "job"}, ${title},
          ${jobMessageKey(campaign.id, job.id)}
        from ${customers}
        where ${customers.id} = ${job.customerId} and ${audienceWhere(companyId, campaign)}
        on conflict (idempotency_key) do nothing
        returning idempotency_key)
      insert into ${scheduledMessages} (company_id, job_id, kind, channel, due_at, idempotency_key)
      select ${companyId}, ${job.id}, ${CAMPAIGN_KIND}, ${campaign.channel}, ${dueAt}, idempotency_key from written
      on conflict (idempotency_key) do nothing
      returning due_at`,
    );
    for (const row of written) if (new Date(row.due_at) <= now) dueNow = true;
  }
  return dueNow;
}

/** A specific-date campaign more than this late (it was off at its time, or the app was down) is not sent. */
export const LATE_SEND_LIMIT_MS = 24 * 60 * 60_000;

/** The next due specific-date campaign, locked for this run (another run skips it), or null. */
async function takeDueCampaign(tx: Executor, now: Date) {
  const [due] = await tx
    .select({
      id: campaigns.id,
      companyId: campaigns.companyId,
      name: campaigns.name,
      channel: campaigns.channel,
      scheduledAt: campaigns.scheduledAt,
      ...audienceColumns,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.isActive, true),
        eq(campaigns.triggerEvent, CampaignTrigger.OnSpecificDateTime),
        isNotNull(campaigns.scheduledAt),
        lte(campaigns.scheduledAt, now),
        sql`${campaigns.queuedFor} is distinct from ${campaigns.scheduledAt}`,
      ),
    )
    .orderBy(campaigns.scheduledAt, campaigns.id)
    .limit(1)
    .for("update", { skipLocked: true });
  return due?.scheduledAt ? { ...due, scheduledAt: due.scheduledAt } : null;
}

/**
 * The specific-date campaigns whose time has come: per campaign, one transaction writes a message
 * for every customer of its audience as it is now (one INSERT ... SELECT, however many) and marks
 * the campaign queued for its date. A campaign given a new date later is queued again for it.
 * Runs may overlap: the row lock (skipped by the other run) and the keys keep each message single.
 */
export async function queueDueCampaigns(now = new Date()): Promise<{ campaigns: number; messages: number }> {
  const report = { campaigns: 0, messages: 0 };
  for (;;) {
    const queued = await db.transaction(async (tx) => {
      const campaign = await takeDueCampaign(tx, now);
      if (!campaign) return null;
      // Turned on (or the app down) long after its time: the offer is stale; it is marked done, not sent late.
      if (now.getTime() - campaign.scheduledAt.getTime() > LATE_SEND_LIMIT_MS) {
        await tx.update(campaigns).set({ queuedFor: campaign.scheduledAt }).where(eq(campaigns.id, campaign.id));
        return 0;
      }
      const [counted] = await rowsOf<{ n: number }>(
        tx,
        sql`
          with written as (
            insert into ${campaignMessages} (company_id, campaign_id, customer_id, trigger_type, trigger_at, title,
              idempotency_key)
            select ${campaign.companyId}, ${campaign.id}, ${customers.id}, ${CampaignTrigger.OnSpecificDateTime},
              ${campaign.scheduledAt.toISOString()}::timestamptz, ${campaign.name},
              ${dateKeyPrefix(campaign.id, campaign.scheduledAt)} || ${customers.id}
            from ${customers}
            where ${audienceWhere(campaign.companyId, campaign)}
            on conflict (idempotency_key) do nothing
            returning idempotency_key),
          scheduled as (
            insert into ${scheduledMessages} (company_id, kind, channel, due_at, idempotency_key)
            select ${campaign.companyId}, ${CAMPAIGN_KIND}, ${campaign.channel}, ${now.toISOString()}::timestamptz,
              idempotency_key from written
            on conflict (idempotency_key) do nothing
            returning 1)
          select count(*)::int as n from scheduled`,
      );
      await tx.update(campaigns).set({ queuedFor: campaign.scheduledAt }).where(eq(campaigns.id, campaign.id));
      return Number(counted?.n ?? 0);
    });
    if (queued === null) return report;
    report.campaigns++;
    report.messages += queued;
  }
}

/** Images of a campaign email: only files the company uploaded to a public folder, as absolute addresses. */
export const campaignImages =
  (companyId: number): ImageResolver =>
  (url) => {
    const own = companyFileUrl(companyId, url, [...PUBLIC_FOLDERS]);
    return own ? absoluteUrl(own) : null;
  };

/** The dispatcher's send for the campaign kind, or null for other kinds. */
export function campaignSender(
  kind: string,
): ((row: FollowUpRow, services?: DeliveryServices) => Promise<FollowUpState>) | null {
  return kind === CAMPAIGN_KIND ? sendCampaignMessage : null;
}

const cancelled = (error: string): FollowUpState => ({ status: "cancelled", error });

/** Why the message no longer goes (the campaign changed since it was written), or null. */
function reasonNotToSend(
  key: string,
  message: { triggerType: number },
  campaign: { isActive: boolean | null; triggerEvent: number | null; scheduledAt: Date | null },
): string | null {
  if (campaign.isActive === null) return "The campaign no longer exists";
  if (!campaign.isActive) return "The campaign is inactive";
  if (campaign.triggerEvent !== message.triggerType) return "The campaign's trigger changed";
  if (message.triggerType === CampaignTrigger.OnSpecificDateTime && campaign.scheduledAt?.getTime() !== dateOfKey(key))
    return "The campaign's date changed";
  return null;
}

/** The customer's and company's values, or null when the customer is gone or no longer in the campaign's audience. */
async function recipientOf(companyId: number, customerId: number, audience: Parameters<typeof audienceWhere>[1]) {
  const address = (column: typeof customerAddresses.location | typeof customerAddresses.unitNumber) =>
    sql<string | null>`(select ${column} from ${customerAddresses}
      where ${customerAddresses.customerId} = ${customers.id}
      order by ${customerAddresses.isBilling} desc, ${customerAddresses.position}, ${customerAddresses.id} limit 1)`;
  const [row] = await db
    .select({
      ...recipientColumns,
      logoUrl: companies.logoUrl,
      location: address(customerAddresses.location),
      unitNumber: address(customerAddresses.unitNumber),
      bookingForm: bookingSettings.formUrl,
      bookingOn: bookingSettings.isEnabled,
    })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .leftJoin(bookingSettings, eq(bookingSettings.companyId, companies.id))
    .where(and(eq(customers.id, customerId), audienceWhere(companyId, audience)))
    .limit(1);
  return row ?? null;
}

const delivered = (o: ChannelOutcome | undefined) => wasAttempted(o) && o.status !== "failed";
const note = (channel: string, o: ChannelOutcome | undefined) =>
  !o ? null : "skipped" in o ? `${channel}: ${o.message}` : o.status === "failed" ? `${channel}: failed` : null;

/** Sent when a channel delivered it; a customer-side outcome on every channel is final (failed, with the reasons). */
function stateOf(outcome: CustomerSendOutcome): FollowUpState {
  const notes = [note("email", outcome.email), note("text", outcome.sms)].filter(Boolean).join("; ");
  return { status: delivered(outcome.email) || delivered(outcome.sms) ? "sent" : "failed", error: notes || null };
}

/**
 * One campaign message, claimed by the dispatcher: checked against the campaign and the audience as
 * they are now, rendered with the customer's (and the job's) values, and sent on the campaign's
 * current channel with the key as the outbox dedupe stem (a re-run never sends it twice).
 */
async function sendCampaignMessage(row: FollowUpRow, services?: DeliveryServices): Promise<FollowUpState> {
  const [found] = await db
    .select({
      customerId: campaignMessages.customerId,
      triggerType: campaignMessages.triggerType,
      jobId: campaignMessages.jobId,
      isActive: campaigns.isActive,
      triggerEvent: campaigns.triggerEvent,
      scheduledAt: campaigns.scheduledAt,
      channel: campaigns.channel,
      subject: campaigns.subject,
      emailMessage: campaigns.emailMessage,
      smsMessage: campaigns.smsMessage,
      ...audienceColumns,
    })
    .from(campaignMessages)
    .leftJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .where(and(eq(campaignMessages.idempotencyKey, row.idempotencyKey), eq(campaignMessages.companyId, row.companyId)));
  if (!found) return cancelled("The campaign no longer exists");
  const reason = reasonNotToSend(row.idempotencyKey, found, found);
  if (reason) return cancelled(reason);
  const campaign = {
    ...found,
    includeTagIds: found.includeTagIds ?? [],
    excludeTagIds: found.excludeTagIds ?? [],
    checkAll: found.checkAll ?? true,
    excludeCustomerIds: found.excludeCustomerIds ?? [],
    includeCustomerIds: found.includeCustomerIds ?? [],
  };
  const recipient = await recipientOf(row.companyId, found.customerId, campaign);
  if (!recipient) return cancelled("The customer is no longer in the campaign's audience");

  const jobValues = found.jobId ? await messageValuesForJob(row.companyId, found.jobId) : null;
  const values: MessageValues = withoutBlanks({
    ...recipientValues(recipient, undefined),
    online_booking_link:
      recipient.bookingForm && recipient.bookingOn
        ? absoluteUrl(`/online-booking/${encodeURIComponent(recipient.bookingForm)}`)
        : undefined,
    ...jobValues,
  });
  const subject = renderTemplate(found.subject ?? "", values).replace(/\s*\n\s*/g, " ");
  const emailText = renderTemplate(found.emailMessage ?? "", values);
  const outcome = await sendCustomerMessage(
    {
      companyId: row.companyId,
      customerId: found.customerId,
      jobId: found.jobId,
      channel: isChannel(found.channel) ? found.channel : 2,
      dedupeKey: row.idempotencyKey,
      message: {
        subject,
        emailText,
        smsText: renderTemplate(found.smsMessage ?? "", values),
        emailHtml: emailHtml({
          companyName: recipient.businessName,
          logoUrl: absoluteLogoUrl(recipient.logoUrl),
          subject,
          text: emailText,
          images: campaignImages(row.companyId),
        }),
      },
    },
    ...(services ? [services] : []),
  );
  return stateOf(outcome);
}
