import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { tags } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { TagOption, TagTypeValue } from "~/models/company/tags.schema";

export class TagNameTakenError extends Error {
  constructor(name: string) {
    super(`A tag named '${name}' already exists`);
  }
}

/** The company's tags of one type, by name, in the lookup shape {id, label}. */
export async function listTags(ctx: CallerContext, type: TagTypeValue, exec: Executor = db): Promise<TagOption[]> {
  return exec
    .select({ id: tags.id, label: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.type, type)))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
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

export async function getTag(
  ctx: CallerContext,
  id: number,
): Promise<{ id: number; name: string; type: number } | null> {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, type: tags.type })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.companyId, ctx.companyId)))
    .limit(1);
  return row ?? null;
}

async function nameTaken(exec: Executor, ctx: CallerContext, type: number, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, ctx.companyId),
        eq(tags.type, type),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? sql`${tags.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Creates a tag; names are unique per company and type, ignoring case. */
export async function createTag(ctx: CallerContext, input: { name: string; type: TagTypeValue }): Promise<TagOption> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.type, input.name)) throw new TagNameTakenError(input.name);
    const [row] = await tx
      .insert(tags)
      .values({ companyId: ctx.companyId, name: input.name, type: input.type })
      .returning({ id: tags.id, label: tags.name });
    return row;
  });
}

/** Renames a tag of the caller's company; null when it is not theirs or missing. */
export async function renameTag(ctx: CallerContext, input: { id: number; name: string }): Promise<TagOption | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ type: tags.type })
      .from(tags)
      .where(and(eq(tags.id, input.id), eq(tags.companyId, ctx.companyId)))
      .limit(1);
    if (!current) return null;
    if (await nameTaken(tx, ctx, current.type, input.name, input.id)) throw new TagNameTakenError(input.name);
    const [row] = await tx
      .update(tags)
      .set({ name: input.name })
      .where(and(eq(tags.id, input.id), eq(tags.companyId, ctx.companyId)))
      .returning({ id: tags.id, label: tags.name });
    return row ?? null;
  });
}

/**
 * Deletes a tag of the caller's company. A tag in use is detached from its records
 * (customers, jobs, estimates, employees, invoices): every join table that references
 * tags declares ON DELETE CASCADE, so the records stay and only lose the label.
 */
export async function deleteTag(ctx: CallerContext, id: number): Promise<boolean> {
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.id, id), eq(tags.companyId, ctx.companyId)))
    .returning({ id: tags.id });
  return deleted.length > 0;
}

/** Keeps only the ids that are the company's tags of the given type (for forms that attach tags). */
export async function ownTagIds(
  exec: Executor,
  ctx: CallerContext,
  type: TagTypeValue,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.type, type), inArray(tags.id, [...ids])));
  return rows.map((r) => r.id);
}
