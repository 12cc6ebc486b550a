import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { tags } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { namedRecords } from "~/models/company/named-records.server";
import type { TagOption, TagTypeValue } from "~/models/company/tags.schema";

/**
 * A company's tags, one list per type, names unique in a type. Deleting a tag in use detaches it
 * from its records (customers, jobs, estimates, employees, invoices): every join table that
 * references tags declares ON DELETE CASCADE, so the records stay and only lose the label.
 */
const tagRecords = namedRecords({ table: tags, what: "tag", columns: { id: tags.id, label: tags.name } });
const ofType = (type: number) => eq(tags.type, type);

export const { delete: deleteTag } = tagRecords;

/** The company's tags of one type, by name, in the lookup shape {id, label}. */
export function listTags(ctx: CallerContext, type: TagTypeValue, exec: Executor = db): Promise<TagOption[]> {
  return tagRecords.list(ctx, { scope: ofType(type), exec });
}

/** Counts per type, for the settings screen. */
export async function countTagsByType(ctx: CallerContext): Promise<Record<number, number>> {
  const rows = await db
    .select({ type: tags.type, count: sql<number>`count(*)::int` })
    .from(tags)
    .where(eq(tags.companyId, ctx.companyId))
    .groupBy(tags.type);
  return Object.fromEntries(rows.map((r) => [r.type, r.count]));
}

export function getTag(ctx: CallerContext, id: number): Promise<{ id: number; name: string; type: number } | null> {
  return tagRecords.getAs(ctx, id, { id: tags.id, name: tags.name, type: tags.type });
}

/** Creates a tag; names are unique per company and type, ignoring case. */
export function createTag(ctx: CallerContext, input: { name: string; type: TagTypeValue }): Promise<TagOption> {
  return tagRecords.save(ctx, { name: input.name }, { type: input.type }, ofType(input.type)) as Promise<TagOption>;
}

/** Renames a tag of the caller's company; null when it is not theirs or missing. */
export async function renameTag(ctx: CallerContext, input: { id: number; name: string }): Promise<TagOption | null> {
  const current = await getTag(ctx, input.id);
  return current ? tagRecords.save(ctx, input, {}, ofType(current.type)) : null;
}

/** Keeps only the ids that are the company's tags of the given type (for forms that attach tags). */
export function ownTagIds(
  exec: Executor,
  ctx: CallerContext,
  type: TagTypeValue,
  ids: readonly number[],
): Promise<number[]> {
  return tagRecords.ownIds(exec, ctx, ids, ofType(type));
}

/** The company's tags of a type whose name starts with `name`, ignoring case (the jobs' and estimates' tag pickers share it). */
export async function tagsStartingWith(ctx: CallerContext, type: TagTypeValue, name: string) {
  const pattern = `${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.type, type), sql`lower(${tags.name}) like ${pattern}`))
    .orderBy(asc(tags.name))
    .limit(50);
}
