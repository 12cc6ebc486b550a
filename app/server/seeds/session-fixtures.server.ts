import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import { loadAccessForUser, type Access } from "~/access/access.server";
import { authSessionStorage, createSessionRow } from "~/sessions.server";

/*
 * For the end-to-end harness (which loads the built app in Node next to the server) and the
 * benchmark (bench/seed.ts, from source): never reachable over HTTP. Creating the session row
 * directly spares every test the sign-in screen (and its password hashing).
 */

async function userIdByEmail(email: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row) throw new Error(`No user with the email ${email}`);
  return row.id;
}

/** What the server knows of a user on each request: role, company, plan features, feature flags. */
export async function accessOfUser(email: string): Promise<Access> {
  const access = await loadAccessForUser(await userIdByEmail(email), "fixture");
  if (!access) throw new Error(`No live user with the email ${email}`);
  return access;
}

/** A signed `__session=...` cookie pair for a user, from a fresh session row. */
export async function sessionCookieFor(who: { email: string } | { userId: number }): Promise<string> {
  const userId = "userId" in who ? who.userId : await userIdByEmail(who.email);
  const session = await authSessionStorage().getSession();
  session.set("sessionId", await createSessionRow(userId));
  return (await authSessionStorage().commitSession(session)).split(";")[0];
}

type Rows<T> = { rows: T[] };

/**
 * One record id per company-owned table (the lowest), keyed by table name: real ids for route
 * parameters. With `assignedTo`, records that have an `<record>_employees` link (jobs) are taken
 * among those assigned to that user, as a field tech sees only those.
 */
export async function sampleRecordIds(
  companyId: number,
  options: { assignedTo?: number } = {},
): Promise<Record<string, number>> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns where table_schema = 'public'`)) as Rows<{
    table_name: string;
    column_name: string;
  }>;
  const has = (table: string, column: string) =>
    columns.rows.some((c) => c.table_name === table && c.column_name === column);
  const ids: Record<string, number> = { companies: companyId };
  for (const table of [...new Set(columns.rows.map((c) => c.table_name))].sort()) {
    if (!has(table, "id") || !has(table, "company_id")) continue;
    const record = table.replace(/s$/, "");
    const link = `${record}_employees`;
    const assigned = options.assignedTo !== undefined && has(link, `${record}_id`) && has(link, "user_id");
    const found = (await db.execute(
      assigned
        ? sql`select t.id from ${sql.identifier(table)} t join ${sql.identifier(link)} l on l.${sql.identifier(`${record}_id`)} = t.id where t.company_id = ${companyId} and l.user_id = ${options.assignedTo} order by t.id limit 1`
        : sql`select id from ${sql.identifier(table)} where company_id = ${companyId} order by id limit 1`,
    )) as Rows<{ id: unknown }>;
    const id = Number(found.rows[0]?.id);
    if (Number.isInteger(id)) ids[table] = id;
  }
  return ids;
}
