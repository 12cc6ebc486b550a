import { and, eq, sql } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { offlineChanges } from "~/db/schema/offline";

/** Where a replayed change stands: claimed and not finished, or finished with the first answer kept. */
export type OfflineChangeOutcome =
  | { state: "applying" }
  | { state: "applied"; statusCode: number; location: string | null }
  | { state: "refused"; statusCode: number; message: string };

const owner = (ctx: CallerContext, key: string) =>
  and(eq(offlineChanges.companyId, ctx.companyId), eq(offlineChanges.userId, ctx.userId), eq(offlineChanges.key, key));

/**
 * Claims the key for the caller (per company and user): true when this call made the row, false when
 * the key was claimed before (by an earlier replay, or one running now). One statement, so two
 * replays at once cannot both claim it.
 */
export async function claimOfflineChange(ctx: CallerContext, key: string, path: string): Promise<boolean> {
  const made = await db
    .insert(offlineChanges)
    .values({ companyId: ctx.companyId, userId: ctx.userId, key, path })
    .onConflictDoNothing({ target: [offlineChanges.companyId, offlineChanges.userId, offlineChanges.key] })
    .returning({ id: offlineChanges.id });
  return made.length === 1;
}

/** Keeps the answer of a claimed change, so a replay of its key gets it back. */
export async function finishOfflineChange(
  ctx: CallerContext,
  key: string,
  outcome: Exclude<OfflineChangeOutcome, { state: "applying" }>,
) {
  await db
    .update(offlineChanges)
    .set({
      state: outcome.state,
      statusCode: outcome.statusCode,
      location: outcome.state === "applied" ? outcome.location : null,
      message: outcome.state === "refused" ? outcome.message : null,
      finishedAt: sql`now()`,
    })
    .where(and(owner(ctx, key), eq(offlineChanges.state, "applying")));
}

/** The caller's change by its key: null when unknown. */
export async function readOfflineChange(ctx: CallerContext, key: string): Promise<OfflineChangeOutcome | null> {
  const [row] = await db
    .select({
      state: offlineChanges.state,
      statusCode: offlineChanges.statusCode,
      location: offlineChanges.location,
      message: offlineChanges.message,
    })
    .from(offlineChanges)
    .where(owner(ctx, key))
    .limit(1);
  if (!row) return null;
  if (row.state === "applied") return { state: "applied", statusCode: row.statusCode ?? 204, location: row.location };
  if (row.state === "refused")
    return { state: "refused", statusCode: row.statusCode ?? 409, message: row.message ?? "" };
  return { state: "applying" };
}

/** Lets go of a claim whose change was never applied (the record is not the caller's to change: 403, 404). */
export async function releaseOfflineChange(ctx: CallerContext, key: string) {
  await db.delete(offlineChanges).where(and(owner(ctx, key), eq(offlineChanges.state, "applying")));
}
