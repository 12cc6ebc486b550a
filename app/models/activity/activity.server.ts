import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { db } from "~/db.server";
import {
  customers,
  estimateTimelineEvents,
  estimates,
  invoiceTimelineEvents,
  invoices,
  jobTimelineEvents,
  jobs,
  users,
} from "~/db/schema";
import { ACTIVITY_MAX_OFFSET, type ActivityFilters, type ActivitySource } from "~/models/activity/activity.schema";
import { dayjs } from "~/utils/format";

/**
 * The activity feed's page (docs/decisions/066-activity-feed.md). Each timeline (jobs', estimates',
 * invoices') gives its first `offset + pageSize + 1` entries through the company's newest-first
 * indexes ((company_id, at, id), with the type or the actor between when filtered); the branches
 * are merged and sliced in one statement, then the page's rows are read by id with their record,
 * customer and actor. No count: one row more than the page tells whether a next page exists.
 */

type Timeline = {
  source: ActivitySource;
  table: PgTable;
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  type: AnyPgColumn;
  actorUserId: AnyPgColumn;
  at: AnyPgColumn;
};

const timeline = (
  source: ActivitySource,
  t: typeof jobTimelineEvents | typeof estimateTimelineEvents | typeof invoiceTimelineEvents,
): Timeline => ({
  source,
  table: t,
  id: t.id,
  companyId: t.companyId,
  type: t.type,
  actorUserId: t.actorUserId,
  at: t.at,
});

const TIMELINES: Timeline[] = [
  timeline("job", jobTimelineEvents),
  timeline("estimate", estimateTimelineEvents),
  timeline("invoice", invoiceTimelineEvents),
];

export type ActivityItem = {
  source: ActivitySource;
  id: number;
  type: number;
  actorType: number;
  actorName: string | null;
  impersonatorName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  reason: string | null;
  /** A payment's amount and method (invoice events). */
  amountCents: number | null;
  method: number | null;
  undone: boolean;
  at: string;
  recordId: number;
  recordLabel: string;
  customerName: string;
};

export type ActivityPage = {
  items: ActivityItem[];
  page: number;
  pageSize: number;
  hasNext: boolean;
  /** The page asked for lies deeper than the numbered pages go: narrow by date instead. */
  tooDeep: boolean;
};

/** The instants a company-zone date range covers: [start of `from`, start of the day after `to`). */
export function rangeInZone(filters: Pick<ActivityFilters, "from" | "to">, timezone: string) {
  return {
    since: filters.from ? dayjs.tz(filters.from, timezone).toDate() : null,
    before: filters.to ? dayjs.tz(filters.to, timezone).add(1, "day").toDate() : null,
  };
}

/** One timeline's first `limit` entries by (at, id) newest first, as (source, id, at). */
function branch(t: Timeline, where: SQL[], limit: number): SQL {
  return sql`(select ${sql.raw(`'${t.source}'`)} as source, ${t.id} as id, ${t.at} as at from ${t.table}
    where ${and(...where)} order by ${t.at} desc, ${t.id} desc limit ${limit})`;
}

function branchesOf(companyId: number, filters: ActivityFilters, timezone: string, limit: number): SQL[] {
  const { since, before } = rangeInZone(filters, timezone);
  return TIMELINES.flatMap((t) => {
    const where: SQL[] = [eq(t.companyId, companyId)];
    if (filters.employeeId !== null) where.push(eq(t.actorUserId, filters.employeeId));
    if (since) where.push(sql`${t.at} >= ${since.toISOString()}`);
    if (before) where.push(sql`${t.at} < ${before.toISOString()}`);
    // One branch per type: each walks (company_id, type, at, id) in order, where `type in (...)` would sort all hits.
    if (filters.types.length)
      return filters.types
        .filter((e) => e.source === t.source)
        .map((e) => branch(t, [...where, eq(t.type, e.type)], limit));
    return [branch(t, where, limit)];
  });
}

/** The company's events of a page, newest first, filtered as asked. */
export async function listActivityPage(input: {
  companyId: number;
  timezone: string;
  filters: ActivityFilters;
  page: number;
  pageSize: number;
}): Promise<ActivityPage> {
  const { companyId, filters, page, pageSize } = input;
  const offset = (page - 1) * pageSize;
  if (offset >= ACTIVITY_MAX_OFFSET) return { items: [], page, pageSize, hasNext: false, tooDeep: true };
  const branches = branchesOf(companyId, filters, input.timezone, offset + pageSize + 1);
  const result = await db.execute(
    sql`select source, id from (${sql.join(branches, sql` union all `)}) as events
      order by at desc, id desc, source desc limit ${pageSize + 1} offset ${offset}`,
  );
  const keys = (result as unknown as { rows: { source: ActivitySource; id: number | string }[] }).rows.map((r) => ({
    source: r.source,
    id: Number(r.id),
  }));
  const hasNext = keys.length > pageSize;
  const shown = keys.slice(0, pageSize);
  const ids = (source: ActivitySource) => shown.filter((k) => k.source === source).map((k) => k.id);
  const found = new Map<string, ActivityItem>();
  for (const item of [
    ...(await jobEvents(companyId, ids("job"))),
    ...(await estimateEvents(companyId, ids("estimate"))),
    ...(await invoiceEvents(companyId, ids("invoice"))),
  ])
    found.set(`${item.source}:${item.id}`, item);
  const items = shown.flatMap((k) => found.get(`${k.source}:${k.id}`) ?? []);
  return { items, page, pageSize, hasNext, tooDeep: false };
}

const actors = alias(users, "activity_actors");
const impersonators = alias(users, "activity_impersonators");

const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(" ") || null;

/** The columns every timeline shares, with the actor's and impersonator's names. */
function eventColumns(t: typeof jobTimelineEvents | typeof estimateTimelineEvents | typeof invoiceTimelineEvents) {
  return {
    id: t.id,
    type: t.type,
    actorType: t.actorType,
    actorFirstName: actors.firstName,
    actorLastName: actors.lastName,
    impersonatorFirstName: impersonators.firstName,
    impersonatorLastName: impersonators.lastName,
    fromStatus: t.fromStatus,
    toStatus: t.toStatus,
    reason: t.reason,
    data: t.data,
    at: t.at,
    customerFirstName: customers.firstName,
    customerLastName: customers.lastName,
  };
}

type EventRow = {
  id: number;
  type: number;
  actorType: number;
  actorFirstName: string | null;
  actorLastName: string | null;
  impersonatorFirstName: string | null;
  impersonatorLastName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  reason: string | null;
  data: Record<string, unknown> | null;
  at: Date;
  customerFirstName: string;
  customerLastName: string | null;
};

const numberOr = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

function itemOf(
  source: ActivitySource,
  row: EventRow,
  record: { id: number; label: string; undone?: boolean },
): ActivityItem {
  return {
    source,
    id: row.id,
    type: row.type,
    actorType: row.actorType,
    actorName: personName(row.actorFirstName, row.actorLastName),
    impersonatorName: personName(row.impersonatorFirstName, row.impersonatorLastName),
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    reason: row.reason,
    amountCents: numberOr(row.data?.amountCents),
    method: numberOr(row.data?.method),
    undone: !!record.undone,
    at: new Date(row.at).toISOString(),
    recordId: record.id,
    recordLabel: record.label,
    customerName: personName(row.customerFirstName, row.customerLastName) ?? "",
  };
}

async function jobEvents(companyId: number, ids: number[]): Promise<ActivityItem[]> {
  if (!ids.length) return [];
  const t = jobTimelineEvents;
  const rows = await db
    .select({ ...eventColumns(t), undoneAt: t.undoneAt, recordId: jobs.id, name: jobs.name })
    .from(t)
    .innerJoin(jobs, eq(jobs.id, t.jobId))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(actors, eq(actors.id, t.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, t.impersonatorUserId))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return rows.map((r) =>
    itemOf("job", r, { id: r.recordId, label: r.name || `Job #${r.recordId}`, undone: r.undoneAt !== null }),
  );
}

async function estimateEvents(companyId: number, ids: number[]): Promise<ActivityItem[]> {
  if (!ids.length) return [];
  const t = estimateTimelineEvents;
  const rows = await db
    .select({ ...eventColumns(t), undoneAt: t.undoneAt, recordId: estimates.id, number: estimates.number })
    .from(t)
    .innerJoin(estimates, eq(estimates.id, t.estimateId))
    .innerJoin(customers, eq(customers.id, estimates.customerId))
    .leftJoin(actors, eq(actors.id, t.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, t.impersonatorUserId))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return rows.map((r) =>
    itemOf("estimate", r, { id: r.recordId, label: `Estimate #${r.number}`, undone: r.undoneAt !== null }),
  );
}

async function invoiceEvents(companyId: number, ids: number[]): Promise<ActivityItem[]> {
  if (!ids.length) return [];
  const t = invoiceTimelineEvents;
  const rows = await db
    .select({ ...eventColumns(t), recordId: invoices.id, number: invoices.number })
    .from(t)
    .innerJoin(invoices, eq(invoices.id, t.invoiceId))
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(actors, eq(actors.id, t.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, t.impersonatorUserId))
    .where(and(eq(t.companyId, companyId), inArray(t.id, ids)));
  return rows.map((r) => itemOf("invoice", r, { id: r.recordId, label: `Invoice #${r.number}` }));
}

/** The employee filter's choices: the company's people (removed ones too: their events stay). */
export async function activityEmployees(companyId: number) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, removed: users.deletedAt })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(sql`${users.deletedAt} is not null`, asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500);
  return rows.map((u) => ({
    value: u.id,
    label: `${personName(u.firstName, u.lastName) ?? `Employee ${u.id}`}${u.removed ? " (removed)" : ""}`,
  }));
}
