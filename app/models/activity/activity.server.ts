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
import {
  ACTIVITY_MAX_OFFSET,
  type ActivityFilters,
  type ActivityItem,
  type ActivitySource,
} from "~/models/activity/activity.schema";
import { dayjs } from "~/utils/format";

/**
 * The activity feed's page (docs/decisions/066-activity-feed.md). Each timeline (jobs', estimates',
 * invoices') gives its first `offset + pageSize + 1` entries through the company's newest-first
 * indexes ((company_id, at, id), with the type or the actor between when filtered); the branches
 * are merged and sliced in one statement, then the page's rows are read by id with their record,
 * customer and actor. No count: one row more than the page tells whether a next page exists.
 */

type TimelineTable = typeof jobTimelineEvents | typeof estimateTimelineEvents | typeof invoiceTimelineEvents;

/** A timeline and what sets it apart from the others: its table and its record (a job, estimate or invoice). */
type Timeline = {
  source: ActivitySource;
  events: TimelineTable;
  record: {
    table: PgTable;
    id: AnyPgColumn;
    /** The event's column that names the record. */
    eventColumn: AnyPgColumn;
    customerId: AnyPgColumn;
    /** What the record's label is made of: a job's name, an estimate's or invoice's number. */
    name: AnyPgColumn;
    label: (id: number, name: unknown) => string;
  };
  /** Set when a later undo reverted the event (invoices' timeline has none). */
  undoneAt: AnyPgColumn | null;
};

const TIMELINES: Timeline[] = [
  {
    source: "job",
    events: jobTimelineEvents,
    record: {
      table: jobs,
      id: jobs.id,
      eventColumn: jobTimelineEvents.jobId,
      customerId: jobs.customerId,
      name: jobs.name,
      label: (id, name) => (typeof name === "string" && name) || `Job #${id}`,
    },
    undoneAt: jobTimelineEvents.undoneAt,
  },
  {
    source: "estimate",
    events: estimateTimelineEvents,
    record: {
      table: estimates,
      id: estimates.id,
      eventColumn: estimateTimelineEvents.estimateId,
      customerId: estimates.customerId,
      name: estimates.number,
      label: (_id, number) => `Estimate #${number}`,
    },
    undoneAt: estimateTimelineEvents.undoneAt,
  },
  {
    source: "invoice",
    events: invoiceTimelineEvents,
    record: {
      table: invoices,
      id: invoices.id,
      eventColumn: invoiceTimelineEvents.invoiceId,
      customerId: invoices.customerId,
      name: invoices.number,
      label: (_id, number) => `Invoice #${number}`,
    },
    undoneAt: null,
  },
];

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
  const e = t.events;
  return sql`(select ${sql.raw(`'${t.source}'`)} as source, ${e.id} as id, ${e.at} as at from ${e}
    where ${and(...where)} order by ${e.at} desc, ${e.id} desc limit ${limit})`;
}

function branchesOf(companyId: number, filters: ActivityFilters, timezone: string, limit: number): SQL[] {
  const { since, before } = rangeInZone(filters, timezone);
  return TIMELINES.flatMap((t) => {
    const e = t.events;
    const where: SQL[] = [eq(e.companyId, companyId)];
    if (filters.employeeId !== null) where.push(eq(e.actorUserId, filters.employeeId));
    if (since) where.push(sql`${e.at} >= ${since.toISOString()}`);
    if (before) where.push(sql`${e.at} < ${before.toISOString()}`);
    // One branch per type: each walks (company_id, type, at, id) in order, where `type in (...)` would sort all hits.
    if (filters.types.length)
      return filters.types
        .filter((e) => e.source === t.source)
        .map((type) => branch(t, [...where, eq(e.type, type.type)], limit));
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
  const found = new Map<string, ActivityItem>();
  for (const t of TIMELINES) {
    const ids = shown.filter((k) => k.source === t.source).map((k) => k.id);
    for (const item of await timelineEvents(t, companyId, ids)) found.set(`${item.source}:${item.id}`, item);
  }
  const items = shown.flatMap((k) => found.get(`${k.source}:${k.id}`) ?? []);
  return { items, page, pageSize, hasNext, tooDeep: false };
}

const actors = alias(users, "activity_actors");
const impersonators = alias(users, "activity_impersonators");

const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(" ") || null;

/** The columns every timeline shares, with the actor's and impersonator's names. */
function eventColumns(t: TimelineTable) {
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
  record: { id: number; label: string; undone: boolean },
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
    undone: record.undone,
    at: new Date(row.at).toISOString(),
    recordId: record.id,
    recordLabel: record.label,
    customerName: personName(row.customerFirstName, row.customerLastName) ?? "",
  };
}

/** The page's events of one timeline, by id, with their record, customer and actor. */
async function timelineEvents(t: Timeline, companyId: number, ids: number[]): Promise<ActivityItem[]> {
  if (!ids.length) return [];
  const { events: e, record } = t;
  const rows = await db
    .select({
      ...eventColumns(e),
      undone: t.undoneAt ? sql<boolean>`${t.undoneAt} is not null` : sql<boolean>`false`,
      recordId: sql<number>`${record.id}`,
      name: record.name,
    })
    .from(e)
    .innerJoin(record.table, eq(record.id, record.eventColumn))
    .innerJoin(customers, eq(customers.id, record.customerId))
    .leftJoin(actors, eq(actors.id, e.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, e.impersonatorUserId))
    .where(and(eq(e.companyId, companyId), inArray(e.id, ids)));
  return rows.map((r) =>
    itemOf(t.source, r, { id: r.recordId, label: record.label(r.recordId, r.name), undone: r.undone }),
  );
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
