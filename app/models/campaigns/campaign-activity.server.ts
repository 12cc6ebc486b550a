import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { campaignMessages, campaigns, customers, outboxMessages } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { CampaignEmailStatus, CampaignTextStatus } from "~/models/campaigns/campaigns.schema";

/**
 * The messages of a campaign per recipient (the details page's Emails and Texts tabs and
 * GET /follow-up-campaigns/{id}/activity-feed/emails|sms-messages): each campaign message row with
 * the outbox row of its channel (`{key}:email` or `{key}:sms`, docs/decisions/062-custom-campaigns.md).
 * A message the channel never queued (no outbox row) is unsent and not listed.
 */

export type CampaignActivityChannel = "email" | "sms";

export const CAMPAIGN_ACTIVITY_SORT_FIELDS = ["name", "sentOn", "status"] as const;
type SortField = (typeof CAMPAIGN_ACTIVITY_SORT_FIELDS)[number];

/** The API's query besides paging: a status of the channel (1 sent, 2 opened or delivered, 3 failed), or none. */
export const campaignActivityFiltersSchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === "null" || v === undefined || v === null ? null : v),
    z.coerce.number().int().min(0).max(3).nullable(),
  ),
});

export type CampaignActivityQuery = {
  pageNumber: number;
  pageSize: number;
  sortSettings: { fieldName: string; descending: boolean }[];
  status: number | null;
};

/** "Campaign message record" of spec part 1 section 3 (the spec spells occuredOn so). */
export type CampaignMessageRecord = {
  customer: { id: number; firstName: string; lastName: string };
  sentOn: string;
  status: number;
  triggerType: number;
  triggerDateTime: string;
  title: string;
  relatedEntity: { type: "job" | "visit"; id: number } | null;
  emailEvents: { occuredOn: string; failureReason: string | null }[];
};

/** The outbox's delivery state as the channel's status: a stored message with an error is failed, else sent. */
function statusOf(channel: CampaignActivityChannel): SQL<number> {
  const reached = channel === "email" ? "opened" : "delivered";
  const { Sent, Failed } = CampaignEmailStatus;
  const Reached = channel === "email" ? CampaignEmailStatus.Opened : CampaignTextStatus.Delivered;
  return sql<number>`(case
    when ${outboxMessages.status} = 'failed' or (${outboxMessages.status} = 'stored' and ${outboxMessages.error} is not null) then ${sql.raw(String(Failed))}
    when ${outboxMessages.status} = ${reached} then ${sql.raw(String(Reached))}
    else ${sql.raw(String(Sent))} end)`.mapWith(Number);
}

const sentOn = sql<Date>`coalesce(${outboxMessages.sentAt}, ${outboxMessages.createdAt})`;

function orderOf(sort: CampaignActivityQuery["sortSettings"], status: SQL<number>): SQL[] {
  const wanted = sort.find((s) => (CAMPAIGN_ACTIVITY_SORT_FIELDS as readonly string[]).includes(s.fieldName));
  const field: SortField = (wanted?.fieldName as SortField | undefined) ?? "name";
  const dir = wanted?.descending ? desc : asc;
  const byName = [dir(customers.sortFirstName), dir(customers.sortLastName)];
  const keys: Record<SortField, SQL[]> = {
    name: byName,
    sentOn: [dir(sentOn)],
    status: [dir(status), asc(customers.sortFirstName), asc(customers.sortLastName)],
  };
  return [...keys[field], dir(campaignMessages.id)];
}

/**
 * One page of a campaign's messages on a channel, by recipient name unless sorted otherwise; null
 * when the company has no such campaign.
 */
export async function campaignActivity(
  ctx: Pick<CallerContext, "companyId">,
  campaignId: number,
  channel: CampaignActivityChannel,
  q: CampaignActivityQuery,
): Promise<{ items: CampaignMessageRecord[]; total: number } | null> {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.companyId, ctx.companyId)));
  if (!campaign) return null;

  const status = statusOf(channel);
  const outbox = eq(outboxMessages.dedupeKey, sql`${campaignMessages.idempotencyKey} || ${`:${channel}`}`);
  const where = and(
    eq(campaignMessages.companyId, ctx.companyId),
    eq(campaignMessages.campaignId, campaignId),
    q.status === null ? undefined : sql`${status} = ${q.status}`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        customerId: campaignMessages.customerId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        triggerType: campaignMessages.triggerType,
        triggerAt: campaignMessages.triggerAt,
        title: campaignMessages.title,
        jobId: campaignMessages.jobId,
        relatedType: campaignMessages.relatedType,
        status,
        error: outboxMessages.error,
        sentOn,
        openedAt: outboxMessages.openedAt,
        deliveredAt: outboxMessages.deliveredAt,
        failedAt: outboxMessages.failedAt,
      })
      .from(campaignMessages)
      .innerJoin(outboxMessages, outbox)
      .innerJoin(customers, eq(customers.id, campaignMessages.customerId))
      .where(where)
      .orderBy(...orderOf(q.sortSettings, status))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    db.select({ total: count() }).from(campaignMessages).innerJoin(outboxMessages, outbox).where(where),
  ]);

  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  const items = rows.map((r): CampaignMessageRecord => {
    const failed = r.status === CampaignEmailStatus.Failed;
    const reachedAt = channel === "email" ? r.openedAt : r.deliveredAt;
    const events: CampaignMessageRecord["emailEvents"] = [];
    if (failed)
      events.push({ occuredOn: iso(r.failedAt) ?? iso(r.sentOn)!, failureReason: r.error ?? "Not delivered" });
    else if (reachedAt) events.push({ occuredOn: iso(reachedAt)!, failureReason: null });
    return {
      customer: { id: r.customerId, firstName: r.firstName, lastName: r.lastName ?? "" },
      sentOn: iso(r.sentOn)!,
      status: r.status,
      triggerType: r.triggerType,
      triggerDateTime: iso(r.triggerAt)!,
      title: r.title,
      relatedEntity: r.jobId ? { type: r.relatedType === "visit" ? "visit" : "job", id: r.jobId } : null,
      emailEvents: events,
    };
  });
  return { items, total };
}
