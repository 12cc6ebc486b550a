import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { leadSources } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { LeadSourceOption } from "~/models/company/tags.schema";

export class LeadSourceNameTakenError extends Error {
  constructor(name: string) {
    super(`A lead source named '${name}' already exists`);
  }
}

/** The company's lead sources by name (the presets are inserted at sign-up). */
export async function listLeadSources(ctx: CallerContext, exec: Executor = db): Promise<LeadSourceOption[]> {
  return exec
    .select({ id: leadSources.id, name: leadSources.name })
    .from(leadSources)
    .where(eq(leadSources.companyId, ctx.companyId))
    .orderBy(asc(sql`lower(${leadSources.name})`), asc(leadSources.id));
}

export async function getLeadSource(ctx: CallerContext, id: number): Promise<LeadSourceOption | null> {
  const [row] = await db
    .select({ id: leadSources.id, name: leadSources.name })
    .from(leadSources)
    .where(and(eq(leadSources.id, id), eq(leadSources.companyId, ctx.companyId)))
    .limit(1);
  return row ?? null;
}

async function nameTaken(exec: Executor, ctx: CallerContext, name: string, exceptId?: number) {
  const [row] = await exec
    .select({ id: leadSources.id })
    .from(leadSources)
    .where(
      and(
        eq(leadSources.companyId, ctx.companyId),
        sql`lower(${leadSources.name}) = lower(${name})`,
        exceptId ? sql`${leadSources.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function createLeadSource(ctx: CallerContext, input: { name: string }): Promise<LeadSourceOption> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.name)) throw new LeadSourceNameTakenError(input.name);
    const [row] = await tx
      .insert(leadSources)
      .values({ companyId: ctx.companyId, name: input.name })
      .returning({ id: leadSources.id, name: leadSources.name });
    return row;
  });
}

/** Renames a lead source of the caller's company; null when it is not theirs or missing. */
export async function renameLeadSource(
  ctx: CallerContext,
  input: { id: number; name: string },
): Promise<LeadSourceOption | null> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.name, input.id)) throw new LeadSourceNameTakenError(input.name);
    const [row] = await tx
      .update(leadSources)
      .set({ name: input.name })
      .where(and(eq(leadSources.id, input.id), eq(leadSources.companyId, ctx.companyId)))
      .returning({ id: leadSources.id, name: leadSources.name });
    return row ?? null;
  });
}

/**
 * Deletes a lead source; customers that named it simply lose it (their join rows reference
 * lead sources with ON DELETE CASCADE), the customers themselves stay.
 */
export async function deleteLeadSource(ctx: CallerContext, id: number): Promise<boolean> {
  const deleted = await db
    .delete(leadSources)
    .where(and(eq(leadSources.id, id), eq(leadSources.companyId, ctx.companyId)))
    .returning({ id: leadSources.id });
  return deleted.length > 0;
}

/** Keeps only the ids that are the company's lead sources (for forms that attach them). */
export async function ownLeadSourceIds(exec: Executor, ctx: CallerContext, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .select({ id: leadSources.id })
    .from(leadSources)
    .where(and(eq(leadSources.companyId, ctx.companyId), inArray(leadSources.id, [...ids])));
  return rows.map((r) => r.id);
}
