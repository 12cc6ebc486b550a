import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { users } from "~/db/schema";
import { loadAccessForUser, type Access } from "~/models/access.server";
import { authSessionStorage, createSessionRow } from "~/sessions.server";

/*
 * For the end-to-end harness and the benchmark, which load the built app in Node next to the
 * server: never reachable over HTTP. Creating the session row directly spares every test the
 * sign-in screen (and its password hashing).
 */

async function userIdByEmail(email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
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

/** One record id per company-owned table (the lowest), keyed by table name: real ids for route parameters. */
export async function sampleRecordIds(companyId: number): Promise<Record<string, number>> {
  const tables = (await db.execute(sql`
    select c.table_name from information_schema.columns c
    join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
    where c.table_schema = 'public' and c.column_name = 'company_id' order by c.table_name`)) as Rows<{ table_name: string }>;
  const ids: Record<string, number> = { companies: companyId };
  for (const { table_name } of tables.rows) {
    const found = (await db.execute(sql`select id from ${sql.identifier(table_name)} where company_id = ${companyId} order by id limit 1`)) as Rows<{ id: unknown }>;
    const id = Number(found.rows[0]?.id);
    if (Number.isInteger(id)) ids[table_name] = id;
  }
  return ids;
}
