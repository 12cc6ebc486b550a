import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { companies, impersonationLog } from "~/db/schema";
import { accessOf, forbidden, type CallerContext } from "~/access/access.server";
import type { AppLoadContext } from "@remix-run/node";
import { Role } from "~/access/roles";
import { routePath } from "~/access/route-table";

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
};

/** One statement: the two names and the company are read from users in the insert itself. */
export async function writeImpersonationLog(entry: Entry): Promise<void> {
  await db.execute(sql`
    insert into impersonation_log (impersonator_user_id, impersonator_name, user_id, user_name, company_id, action, method, path, details, status)
    select i.id, trim(concat_ws(' ', i.first_name, i.last_name)), u.id, trim(concat_ws(' ', u.first_name, u.last_name)), u.company_id,
      ${entry.action}::text, ${entry.method ?? null}::text, ${entry.path ?? null}::text, ${entry.details ?? null}::text, ${entry.status ?? null}::int
    from users i, users u where i.id = ${entry.impersonatorUserId} and u.id = ${entry.userId}`);
}

const pending = new Set<Promise<void>>();

/** Writes without holding up the answer; a failed write is logged, never the user's problem. */
export function writeImpersonationLogLater(entry: Entry | Promise<Entry>): void {
  const write: Promise<void> = Promise.resolve(entry)
    .then(writeImpersonationLog)
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

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** These end the shadow log-in and write their own row. */
const LOGS_ITSELF = new Set(["/account/stop-impersonating", "/api/users/shadow-log-out"]);
/** Signing out while shadowing ends both sessions: that is the end of the shadow log-in. */
const SIGNS_OUT = new Set(["/logout", "/api/account/logout"]);
/** Field names are read from bodies this small only (a copy of the body is kept while the action reads it). */
const MAX_READ_BYTES = 64 * 1024;
const MAX_NAMES = 20;
const MAX_DETAILS = 300;

/**
 * Called by the server for every request before it is answered (app/server/request-handler.server.ts):
 * for a change (any method but GET, HEAD, OPTIONS) made in a shadow session, returns the function
 * that logs it once the answer is known. The session is the one the request came with (the lookup
 * is the one its action shares, from the load context), so a log-out is still seen as the shadow session's.
 */
export async function shadowChangeRecorder(
  request: Request,
  context?: AppLoadContext,
): Promise<((response: Response) => void) | null> {
  if (READS.has(request.method) || !request.headers.get("Cookie")?.includes("__session=")) return null;
  const access = await accessOf({ request, context }).catch(() => null);
  const impersonatorUserId = access?.user.impersonatorUserId;
  if (!access || !impersonatorUserId) return null;
  const path = routePath(new URL(request.url));
  if (LOGS_ITSELF.has(path)) return null;
  const signsOut = SIGNS_OUT.has(path);
  const details = signsOut ? Promise.resolve("log out") : fieldNames(request);
  const method = request.method;
  return (response) => {
    // A redirect answered to a script's fetch (?_data) is a 204 naming the redirect's own status.
    const status = response.headers.has("X-Remix-Redirect")
      ? Number(response.headers.get("X-Remix-Status")) || 302
      : response.status;
    writeImpersonationLogLater(
      details.then((described) => ({
        impersonatorUserId,
        userId: access.user.id,
        action: signsOut ? "shadow_log_out" : "change",
        method,
        path,
        details: described,
        status,
      })),
    );
  };
}

/** What was sent, by name: the form's intent and its field names, never a value but the intent's. */
async function fieldNames(request: Request): Promise<string | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!request.body) return null;
  if (type.includes("multipart/form-data")) return "a form with files";
  const json = type.includes("json");
  if (!json && !type.includes("application/x-www-form-urlencoded")) return null;
  const length = request.headers.get("Content-Length");
  if (length !== null && !(Number(length) <= MAX_READ_BYTES)) return null;
  try {
    const text = await readUpTo(request.clone().body!, MAX_READ_BYTES);
    if (text === null) return null;
    if (json) {
      const body: unknown = JSON.parse(text);
      if (Array.isArray(body)) return "a list";
      return body && typeof body === "object" ? describe(Object.keys(body), undefined) : null;
    }
    const form = new URLSearchParams(text);
    return describe([...form.keys()], form.get("intent") ?? undefined);
  } catch {
    return null;
  }
}

/** The text of a body no longer than max bytes; null (and the copy dropped) past it. */
async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<string | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

function describe(keys: string[], intent: string | undefined): string | null {
  const names = [
    ...new Set(
      keys
        .filter((k) => k !== "intent")
        .map((k) =>
          k
            .replace(/\[\d+\]/g, "[]")
            .replace(/[^\w.[\]-]/g, "")
            .slice(0, 40),
        ),
    ),
  ].filter(Boolean);
  const shown =
    names.slice(0, MAX_NAMES).join(", ") + (names.length > MAX_NAMES ? `, and ${names.length - MAX_NAMES} more` : "");
  const parts = [
    intent !== undefined ? `intent: ${/^[\w.-]{1,40}$/.test(intent) ? intent : "(other)"}` : "",
    shown ? `fields: ${shown}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("; ").slice(0, MAX_DETAILS) : null;
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
