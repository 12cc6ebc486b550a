import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { companies, impersonationLog } from "~/db/schema";
import { forbidden, type CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";

/**
 * The audit log of shadow log-ins (issue #11, item 7): who acted as whom, when, and what they
 * changed meanwhile. Names are copied at the time of writing so a row outlives its users.
 */
export type ImpersonationAction = "shadow_log_in" | "change" | "shadow_log_out";

type Entry = {
  impersonatorUserId: number;
  userId: number;
  action: ImpersonationAction;
  method?: string | null;
  path?: string | null;
  details?: string | null;
  status?: number | null;
  /** When it happened; the write itself may land later, after a later event's. */
  at?: Date;
};

/** One statement: the two names and the company are read from users in the insert itself. */
export async function writeImpersonationLog(entry: Entry): Promise<void> {
  await db.execute(sql`
    insert into impersonation_log (impersonator_user_id, impersonator_name, user_id, user_name, company_id, action, method, path, details, status, at)
    select i.id, trim(concat_ws(' ', i.first_name, i.last_name)), u.id, trim(concat_ws(' ', u.first_name, u.last_name)), u.company_id,
      ${entry.action}::text, ${entry.method ?? null}::text, ${entry.path ?? null}::text, ${entry.details ?? null}::text, ${entry.status ?? null}::int,
      ${(entry.at ?? new Date()).toISOString()}::timestamptz
    from users i, users u where i.id = ${entry.impersonatorUserId} and u.id = ${entry.userId}`);
}

const pending = new Set<Promise<void>>();

/** Writes without holding up the answer; a failed write is logged, never the user's problem. */
export function writeImpersonationLogLater(entry: Entry | Promise<Entry>): void {
  const at = new Date();
  const write: Promise<void> = Promise.resolve(entry)
    .then((e) => writeImpersonationLog({ at, ...e }))
    .catch((error: unknown) =>
      console.error(
        `The impersonation log could not be written: ${error instanceof Error ? error.message : String(error)}`,
      ),
    )
    .finally(() => pending.delete(write));
  pending.add(write);
}

/** For tests and shutdown: resolves once the writes started so far have landed. */
export async function impersonationLogSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

export const impersonationLogFilterSchema = z.object({
  companyId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().positive().max(2_147_483_647).optional(),
  ),
});

/** The super admin's view of the log: newest first, paged in the database, optionally one company's. */
export async function pageImpersonationLog(
  ctx: CallerContext,
  { pageNumber, pageSize, companyId }: { pageNumber: number; pageSize: number; companyId?: number },
) {
  if (ctx.role !== Role.SuperAdmin) forbidden();
  const where = companyId ? eq(impersonationLog.companyId, companyId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: impersonationLog.id,
        impersonatorName: impersonationLog.impersonatorName,
        userName: impersonationLog.userName,
        companyId: impersonationLog.companyId,
        businessName: companies.businessName,
        action: impersonationLog.action,
        method: impersonationLog.method,
        path: impersonationLog.path,
        details: impersonationLog.details,
        status: impersonationLog.status,
        at: impersonationLog.at,
      })
      .from(impersonationLog)
      .leftJoin(companies, eq(companies.id, impersonationLog.companyId))
      .where(where)
      .orderBy(desc(impersonationLog.at), desc(impersonationLog.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(impersonationLog).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total };
}
