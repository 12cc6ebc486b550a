import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { campaigns, companies, customers, tags } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { listCustomersPage, listFilter, type CustomerPage } from "~/models/customers/customers.server";
import { TagType } from "~/models/company/tags.schema";
import { RuleError } from "~/models/rules";
import { moveWaitingMessages } from "~/models/campaigns/campaign-schedule.server";
import {
  AUDIENCE_SEARCH_MIN_CHARS,
  campaignIssues,
  campaignMessages,
  type AudienceQuery,
  type CampaignRuleContext,
  type CampaignValues,
} from "~/models/campaigns/campaigns.schema";

/**
 * Custom follow-up campaigns (issue #17, docs/decisions/062-custom-campaigns.md): saving with every
 * rule of the spec checked on the server, the audience (tags, picks) counted here and never taken
 * from the caller, the list, one campaign, delete and the active toggle. Sending is in
 * campaign-sending.server.ts.
 */

export type Audience = Pick<
  CampaignValues,
  "includeTagIds" | "excludeTagIds" | "checkAll" | "excludeCustomerIds" | "includeCustomerIds"
>;

/** The clock, the company's zone and whether it can send texts (its Twilio account fully set up). */
export async function campaignRules(companyId: number, now = new Date()): Promise<CampaignRuleContext> {
  const [row] = await db
    .select({ timeZone: companies.timezone, canSendTexts: companies.messagingReady })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { now, timeZone: row?.timeZone ?? "America/New_York", canSendTexts: row?.canSendTexts ?? false };
}

const intArray = (ids: number[]) => sql`${sql.param(ids)}::integer[]`;

/** The customers of an audience: the tag filters, then all but the excluded or only the included ones. */
export function audienceWhere(companyId: number, audience: Audience): SQL {
  const { where } = listFilter(
    { companyId },
    { tagIds: audience.includeTagIds, excludeTagIds: audience.excludeTagIds, searchQuery: null },
  );
  const picks = audience.checkAll
    ? audience.excludeCustomerIds.length
      ? sql`${customers.id} <> all(${intArray(audience.excludeCustomerIds)})`
      : undefined
    : sql`${customers.id} = any(${intArray(audience.includeCustomerIds)})`;
  return and(where, picks)!;
}

/** How many customers an audience has now. */
export async function countAudience(companyId: number, audience: Audience, exec: Executor = db): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(customers).where(audienceWhere(companyId, audience));
  return row.n;
}

/** The wizard's customer list (and its API): the tag filters and a search of 2 or more characters, by name unless sorted otherwise. */
export function listAudience(
  ctx: CallerContext,
  q: AudienceQuery,
  sort?: { fieldName: string; descending: boolean },
): Promise<CustomerPage> {
  const search = (q.searchQuery ?? "").trim();
  return listCustomersPage(ctx, {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    tagIds: q.tags,
    excludeTagIds: q.excludeTags,
    searchQuery: search.length >= AUDIENCE_SEARCH_MIN_CHARS ? search : null,
    sortField: sort?.fieldName ?? null,
    descending: sort?.descending ?? false,
  });
}

/** The company's customer tags among `ids` (a tag of another company or type is not a filter). */
async function customerTagIds(exec: Executor, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.type, TagType.Customer), inArray(tags.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The company's live customers among `ids`: a pick of another company's customer is dropped. */
async function ownCustomerIds(exec: Executor, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), isNull(customers.deletedAt), inArray(customers.id, ids)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The campaign as it will be stored: tags and picks narrowed to the company's own, the audience
 * counted now, then every rule; a RuleError names the fields that fail. `dateParts` as in campaignIssues.
 */
export async function checkedCampaign(
  exec: Executor,
  ctx: CallerContext,
  values: CampaignValues,
  rules: CampaignRuleContext,
  dateParts?: { specificDate?: string; specificTime?: string },
): Promise<CampaignValues> {
  const known = await customerTagIds(exec, ctx.companyId, [...values.includeTagIds, ...values.excludeTagIds]);
  const unknown = [...values.includeTagIds, ...values.excludeTagIds].some((id) => !known.has(id));
  const checked: CampaignValues = {
    ...values,
    excludeCustomerIds: values.checkAll ? await ownCustomerIds(exec, ctx.companyId, values.excludeCustomerIds) : [],
    includeCustomerIds: values.checkAll ? [] : await ownCustomerIds(exec, ctx.companyId, values.includeCustomerIds),
  };
  checked.selectedCustomersNumber = await countAudience(ctx.companyId, checked, exec);
  const errors: Record<string, string> = {};
  if (unknown) errors.includeTagIds = campaignMessages.unknownTag;
  for (const { field, message } of campaignIssues(checked, rules, dateParts)) errors[field] ??= message;
  if (Object.keys(errors).length) throw new RuleError(errors);
  return checked;
}

const storedColumns = (v: CampaignValues) => ({
  name: v.name,
  isActive: v.isActive,
  triggerEvent: v.triggerEvent,
  delayType: v.delayType,
  delayValue: v.delayValue,
  scheduledAt: v.scheduledAt,
  channel: v.channel,
  subject: v.subject || null,
  emailMessage: v.emailMessage || null,
  smsMessage: v.smsMessage || null,
  includeTagIds: v.includeTagIds,
  excludeTagIds: v.excludeTagIds,
  checkAll: v.checkAll,
  excludeCustomerIds: v.excludeCustomerIds,
  includeCustomerIds: v.includeCustomerIds,
  selectedCustomersNumber: v.selectedCustomersNumber,
});

/** POST /follow-up-campaigns and the wizard's save: the checked campaign, stored; its id. */
export async function createCampaign(
  ctx: CallerContext,
  values: CampaignValues,
  rules: CampaignRuleContext,
  dateParts?: { specificDate?: string; specificTime?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const checked = await checkedCampaign(tx, ctx, values, rules, dateParts);
    const [row] = await tx
      .insert(campaigns)
      .values({ companyId: ctx.companyId, createdByUserId: ctx.userId, ...storedColumns(checked) })
      .returning({ id: campaigns.id });
    return row.id;
  });
}

/**
 * PUT /follow-up-campaigns and the wizard's save on edit; false when the company has no such
 * campaign. What was sent stays; what waits follows the new texts, channel, delay and audience
 * (campaign-sending.server.ts reads the campaign at send time).
 */
export async function updateCampaign(
  ctx: CallerContext,
  id: number,
  values: CampaignValues,
  rules: CampaignRuleContext,
  dateParts?: { specificDate?: string; specificTime?: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: campaigns.id, delayType: campaigns.delayType, delayValue: campaigns.delayValue })
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)))
      .for("update");
    if (!found) return false;
    const checked = await checkedCampaign(tx, ctx, values, rules, dateParts);
    await tx
      .update(campaigns)
      .set({ ...storedColumns(checked), updatedAt: new Date() })
      .where(eq(campaigns.id, id));
    if (found.delayType !== checked.delayType || found.delayValue !== checked.delayValue)
      await moveWaitingMessages(tx, id);
    return true;
  });
}

export type CampaignRow = typeof campaigns.$inferSelect;

/** One of the company's campaigns, or null. */
export async function findCampaign(ctx: Pick<CallerContext, "companyId">, id: number): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)));
  return row ?? null;
}

/** A stored campaign in the rules' terms (the wizard's edit starts from it). */
export const valuesOfCampaign = (row: CampaignRow): CampaignValues => ({
  name: row.name,
  isActive: row.isActive,
  triggerEvent: row.triggerEvent,
  delayType: row.delayType,
  delayValue: row.delayValue,
  sendImmediately: row.delayValue === 0,
  scheduledAt: row.scheduledAt,
  channel: row.channel,
  subject: row.subject ?? "",
  emailMessage: row.emailMessage ?? "",
  smsMessage: row.smsMessage ?? "",
  includeTagIds: row.includeTagIds,
  excludeTagIds: row.excludeTagIds,
  checkAll: row.checkAll,
  excludeCustomerIds: row.excludeCustomerIds,
  includeCustomerIds: row.includeCustomerIds,
  selectedCustomersNumber: row.selectedCustomersNumber,
});

type TagLabel = { id: number; label: string };

/** The labels of the campaign's tag filters (a deleted tag drops out). */
async function tagLabels(companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tags.id, label: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** GET /follow-up-campaigns/{id} (spec part 1 section 3 "Custom campaign"), with the tag filters' labels. */
export async function getCampaign(ctx: Pick<CallerContext, "companyId">, id: number) {
  const row = await findCampaign(ctx, id);
  if (!row) return null;
  const labels = await tagLabels(ctx.companyId, [...row.includeTagIds, ...row.excludeTagIds]);
  const tagList = (ids: number[]): TagLabel[] =>
    ids.flatMap((tagId) => (labels.has(tagId) ? [{ id: tagId, label: labels.get(tagId)! }] : []));
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    triggerEvent: row.triggerEvent,
    delayType: row.delayType,
    delayValue: row.delayValue,
    sendImmediately: row.delayValue === 0,
    scheduledDateTime: row.scheduledAt?.toISOString() ?? null,
    channel: row.channel,
    subject: row.subject,
    message: row.emailMessage,
    smsMessage: row.smsMessage,
    targetAudienceFilters: { includeTags: tagList(row.includeTagIds), excludeTags: tagList(row.excludeTagIds) },
    selectedCustomersNumber: row.selectedCustomersNumber,
    excludeCustomerIds: row.excludeCustomerIds,
    includeCustomerIds: row.includeCustomerIds,
    includeCities: [] as string[],
    excludeCities: [] as string[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type CampaignDetails = NonNullable<Awaited<ReturnType<typeof getCampaign>>>;

/** GET /follow-up-campaigns/page: newest first, optionally only the active (or inactive) ones. */
export async function listCampaignsPage(
  ctx: Pick<CallerContext, "companyId">,
  q: { pageNumber: number; pageSize: number; isActive?: boolean | null },
) {
  const where = and(
    eq(campaigns.companyId, ctx.companyId),
    q.isActive === undefined || q.isActive === null ? undefined : eq(campaigns.isActive, q.isActive),
  );
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        isActive: campaigns.isActive,
        triggerEvent: campaigns.triggerEvent,
        delayType: campaigns.delayType,
        delayValue: campaigns.delayValue,
        scheduledDateTime: campaigns.scheduledAt,
        channel: campaigns.channel,
        selectedCustomersNumber: campaigns.selectedCustomersNumber,
        createdAt: campaigns.createdAt,
      })
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { items, total };
}

/** DELETE /follow-up-campaigns/{id}: the campaign and its message records go; messages waiting are not sent. */
export async function deleteCampaign(ctx: Pick<CallerContext, "companyId">, id: number): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** PATCH /follow-up-campaigns/toggle-is-active/{id}: the new state, or null when there is no such campaign. */
export async function toggleCampaign(ctx: Pick<CallerContext, "companyId">, id: number): Promise<boolean | null> {
  const [row] = await db
    .update(campaigns)
    .set({ isActive: sql`not ${campaigns.isActive}`, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)))
    .returning({ isActive: campaigns.isActive });
  return row ? row.isActive : null;
}
