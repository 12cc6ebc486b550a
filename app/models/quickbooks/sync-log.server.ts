import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { quickBooksSyncLog } from "~/db/schema";

export const SYNC_LOG_PAGE_SIZE = 25;

/** The local record a log entry names, for its link on the log. */
export function recordPath(entityType: string, localId: number | null): string | null {
  if (localId === null) return null;
  if (entityType === "customer") return `/customers/${localId}`;
  if (entityType === "invoice") return `/invoices/${localId}`;
  return null;
}

/** The sync log, newest first, failures before the rest (or failures only), paged in the database. */
export async function listSyncLog(companyId: number, options: { errorsOnly: boolean; page: number }) {
  const where = and(
    eq(quickBooksSyncLog.companyId, companyId),
    options.errorsOnly ? eq(quickBooksSyncLog.outcome, "failed") : undefined,
  );
  const [rows, [{ count }]] = await Promise.all([
    db
      .select({
        id: quickBooksSyncLog.id,
        entityType: quickBooksSyncLog.entityType,
        localId: quickBooksSyncLog.localId,
        outcome: quickBooksSyncLog.outcome,
        message: quickBooksSyncLog.message,
        at: quickBooksSyncLog.at,
      })
      .from(quickBooksSyncLog)
      .where(where)
      .orderBy(
        sql`(${quickBooksSyncLog.outcome} = 'failed') desc`,
        desc(quickBooksSyncLog.at),
        desc(quickBooksSyncLog.id),
      )
      .limit(SYNC_LOG_PAGE_SIZE)
      .offset((options.page - 1) * SYNC_LOG_PAGE_SIZE),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(quickBooksSyncLog)
      .where(where),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, at: row.at.toISOString(), path: recordPath(row.entityType, row.localId) })),
    total: Number(count),
    pageCount: Math.max(1, Math.ceil(Number(count) / SYNC_LOG_PAGE_SIZE)),
  };
}
