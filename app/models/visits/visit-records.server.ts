import { and, asc, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db.server";
import { customers, tags, users } from "~/db/schema";
import { forbidden, type CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import type { TagTypeValue } from "~/models/company/tags.schema";
import { ownTagIds } from "~/models/company/tags.server";
import { ActorType } from "~/models/jobs/jobs.schema";

/**
 * What jobs and estimates have in common: a record with a visit, employees assigned to it, and a
 * timeline of status moves. The rules below are the same for both, so they live once.
 */

export const isFieldTech = (ctx: CallerContext) => ctx.role === Role.FieldTech;

/** The table of who is assigned to a record's visit. */
export type VisitAssignees = { table: PgTable; recordId: AnyPgColumn; userId: AnyPgColumn };

/** The record's own table with its assignees. */
export type VisitRecord = { table: PgTable; id: AnyPgColumn; companyId: AnyPgColumn; assignees: VisitAssignees };

/** The record `table` whose assignees are `assignees`, by its column `recordKey` (jobId, estimateId). */
export function visitRecord<K extends string>(
  table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn },
  assignees: PgTable & { userId: AnyPgColumn } & Record<K, AnyPgColumn>,
  recordKey: K,
): VisitRecord {
  return {
    table,
    id: table.id,
    companyId: table.companyId,
    assignees: { table: assignees, recordId: assignees[recordKey], userId: assignees.userId },
  };
}

type TimelineColumn =
  | "id"
  | "type"
  | "actorType"
  | "actorUserId"
  | "impersonatorUserId"
  | "fromStatus"
  | "toStatus"
  | "reason"
  | "notifyCustomer"
  | "undoneAt"
  | "at";

/** The record's timeline table, by the columns the shared rules read; `recordKey` names its record column on insert. */
export type VisitTimeline = {
  table: PgTable & Record<TimelineColumn, AnyPgColumn>;
  recordKey: string;
  recordId: AnyPgColumn;
};

/** The timeline `table` of a record, by its column `recordKey` (jobId, estimateId). */
export function visitTimeline<K extends string>(
  table: PgTable & Record<TimelineColumn | K, AnyPgColumn>,
  recordKey: K,
): VisitTimeline {
  return { table, recordKey, recordId: table[recordKey] };
}

/** The tags of a record (`table` joins `recordKey` to tagId). */
export type RecordTags = { table: PgTable & { tagId: AnyPgColumn }; recordKey: string; recordId: AnyPgColumn };

/** The tag table of a record, by its column `recordKey` (jobId, estimateId). */
export function recordTags<K extends string>(
  table: PgTable & Record<"tagId" | K, AnyPgColumn>,
  recordKey: K,
): RecordTags {
  return { table, recordKey, recordId: table[recordKey] };
}

/** Company filter, plus "assigned to me" for a field tech: the visibility rule of every query of the record. */
export function visibleToCaller(ctx: CallerContext, record: VisitRecord): SQL {
  const { assignees } = record;
  const company = eq(record.companyId, ctx.companyId);
  if (!isFieldTech(ctx)) return company;
  return and(
    company,
    sql`exists (select 1 from ${assignees.table} where ${assignees.recordId} = ${record.id} and ${assignees.userId} = ${ctx.userId})`,
  )!;
}

/** The record if the caller may see it, else null (404 for the route). Locks the row in a transaction. */
export async function findVisitRecord<Row>(
  exec: Executor,
  ctx: CallerContext,
  record: VisitRecord,
  id: number,
  lock = false,
): Promise<Row | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const query = exec
    .select()
    .from(record.table)
    .where(and(eq(record.id, id), visibleToCaller(ctx, record)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return (row as Row | undefined) ?? null;
}

/** Who is assigned is the office's call: a field tech sending another set than the record's gets 403 (screens never offer it). */
export async function refuseTechReassignment(
  exec: Executor,
  ctx: CallerContext,
  assignees: VisitAssignees,
  recordId: number,
  employeeIds: number[],
) {
  if (!isFieldTech(ctx)) return;
  const current = (
    await exec.select({ userId: assignees.userId }).from(assignees.table).where(eq(assignees.recordId, recordId))
  ).map((r) => r.userId as number);
  const same = current.length === new Set(employeeIds).size && employeeIds.every((id) => current.includes(id));
  if (!same) forbidden();
}

/**
 * The last status move of the record that undo may revert: not undone, not itself an undo, not a
 * reschedule (a reschedule keeps the status).
 */
export async function lastUndoableMove<Row>(
  exec: Executor,
  timeline: VisitTimeline,
  recordId: number,
  kept: { statusUndone: number; rescheduled: number },
): Promise<Row | undefined> {
  const t = timeline.table;
  const [last] = await exec
    .select()
    .from(t)
    .where(
      and(
        eq(timeline.recordId, recordId),
        sql`${t.toStatus} is not null`,
        sql`${t.fromStatus} is not null`,
        isNull(t.undoneAt),
        ne(t.type, kept.statusUndone),
        ne(t.type, kept.rescheduled),
      ),
    )
    .orderBy(desc(t.id))
    .limit(1);
  return last as Row | undefined;
}

/** The visit times a status move recorded before it changed them (undo puts them back). */
export function restoredVisitTimes(data: { startTime?: string | null; endTime?: string | null }) {
  if (data.startTime === undefined) return {};
  return {
    startTime: data.startTime ? new Date(data.startTime) : null,
    endTime: data.endTime ? new Date(data.endTime) : null,
  };
}

/** The customer as a details page shows them. */
export const customerContact = (customerId: number) =>
  db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      mainPhoneNumber: customers.mainPhoneNumber,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .then((r) => r[0]);

/** The employees assigned to a record, as a details page shows them. */
export const assignedEmployees = (assignees: VisitAssignees, recordId: number) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, color: users.color })
    .from(assignees.table)
    .innerJoin(users, eq(users.id, assignees.userId))
    .where(eq(assignees.recordId, recordId))
    .orderBy(asc(users.firstName));

/** The employee who acted, and the super admin acting as them in a shadow log-in: the timeline names both. */
export const actor = (ctx: CallerContext) => ({
  actorType: ActorType.Employee,
  actorUserId: ctx.userId,
  impersonatorUserId: ctx.impersonatorUserId ?? null,
});

/** Adds an event by the caller to the record's timeline; its id keys what the event queues (messages). */
export async function addTimelineEvent(
  exec: Executor,
  ctx: CallerContext,
  timeline: VisitTimeline,
  recordId: number,
  type: number,
  extra: Record<string, unknown>,
): Promise<number> {
  const values = { companyId: ctx.companyId, [timeline.recordKey]: recordId, type, ...actor(ctx), ...extra };
  // The table is only known as "a timeline" here; the typed wrappers in each model check `extra`.
  const [row] = await exec
    .insert(timeline.table)
    .values(values as never)
    .returning({ id: timeline.table.id });
  return row.id as number;
}

/**
 * Writes a status move (or its undo) to the record; the assignees keep a copy of the start time
 * (the schedule reads it), which follows when the move changed it.
 */
export async function saveStatusMove(
  exec: Executor,
  ctx: CallerContext,
  record: VisitRecord,
  id: number,
  changes: { startTime?: Date | null },
) {
  // The tables are only known as "a record with a visit" here; each model types its `changes`.
  await exec
    .update(record.table)
    .set(changes as never)
    .where(and(eq(record.id, id), eq(record.companyId, ctx.companyId)));
  if (changes.startTime !== undefined)
    await exec
      .update(record.assignees.table)
      .set({ startTime: changes.startTime } as never)
      .where(eq(record.assignees.recordId, id));
}

/** Sets the record's tags to the company's tags of `type` among `tagIds` (others are dropped). */
export async function setRecordTags(
  exec: Executor,
  ctx: CallerContext,
  links: RecordTags,
  type: TagTypeValue,
  recordId: number,
  tagIds: number[],
) {
  const own = await ownTagIds(exec, ctx, type, tagIds);
  await exec.delete(links.table).where(eq(links.recordId, recordId));
  // The table is only known as "a record's tags" here; recordTags checked its columns.
  if (own.length)
    await exec
      .insert(links.table)
      .values(own.map((tagId) => ({ [links.recordKey]: recordId, tagId, companyId: ctx.companyId })) as never);
}

/** The record's tags, by name, as a details page shows them. */
export const tagsOfRecord = (links: RecordTags, recordId: number) =>
  db
    .select({ id: tags.id, name: tags.name })
    .from(links.table)
    .innerJoin(tags, eq(tags.id, links.table.tagId))
    .where(eq(links.recordId, recordId))
    .orderBy(asc(tags.name));

const impersonators = alias(users, "impersonators");

/** One event of a record's timeline, as a details page shows it. */
export type TimelineEntry = {
  id: number;
  type: number;
  actorType: number;
  actorUserId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  impersonatorUserId: number | null;
  impersonatorFirstName: string | null;
  impersonatorLastName: string | null;
  fromStatus: number | null;
  toStatus: number | null;
  reason: string | null;
  notifyCustomer: boolean;
  undoneAt: Date | null;
  at: Date;
};

/** The record's last 200 timeline events, newest first, with who acted (and the super admin acting as them). */
export async function timelineOf(timeline: VisitTimeline, recordId: number): Promise<TimelineEntry[]> {
  const t = timeline.table;
  const rows = await db
    .select({
      id: t.id,
      type: t.type,
      actorType: t.actorType,
      actorUserId: t.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      impersonatorUserId: t.impersonatorUserId,
      impersonatorFirstName: impersonators.firstName,
      impersonatorLastName: impersonators.lastName,
      fromStatus: t.fromStatus,
      toStatus: t.toStatus,
      reason: t.reason,
      notifyCustomer: t.notifyCustomer,
      undoneAt: t.undoneAt,
      at: t.at,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, t.impersonatorUserId))
    .where(eq(timeline.recordId, recordId))
    .orderBy(desc(t.at), desc(t.id))
    .limit(200);
  return rows as TimelineEntry[];
}
