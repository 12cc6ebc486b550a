import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { currentConnection, executeSql, type Executor } from "~/db.server";

/**
 * A company's data version: moved by triggers on every write statement to the company's tables
 * (migration 0003), row 0 by writes to plans and plan features. Pages kept in memory are keyed by
 * it (page-cache.server, docs/decisions/page-cache.md).
 */
export async function companyDataVersion(companyId: number): Promise<number> {
  if (heard && heard.client === currentConnection().client) return (heard.versions.get(companyId) ?? 0) + (heard.versions.get(0) ?? 0);
  const [row] = await executeSql<{ version: string | null }>(`select sum("version")::text as version from "company_data_versions" where "company_id" in (0, $1)`, [companyId]);
  return Number(row?.version ?? 0);
}

/** For writers that run with triggers off (the seeds' replica mode). */
export async function markCompanyChanged(exec: Executor, companyId: number) {
  await exec.execute(sql`insert into "company_data_versions" as v ("company_id", "version") values (${companyId}, 1) on conflict ("company_id") do update set "version" = v."version" + 1`);
}

let heard: { client: PGlite; versions: Map<number, number> } | undefined;

/**
 * On the embedded database, the one process that writes hears every version move (NOTIFY is
 * delivered with the commit, before the writer goes on) and counts them in memory: a page's
 * version then costs no query. On PostgreSQL, other processes write too: the version is read.
 */
export async function listenForDataChanges() {
  const open = currentConnection();
  if (open.driver !== "pglite") return;
  const versions = new Map<number, number>();
  await open.client.exec("SET fieldwise.notify_data_changes = 'on'");
  await open.client.listen("company_data_changed", (payload) => {
    const companyId = Number(payload);
    versions.set(companyId, (versions.get(companyId) ?? 0) + 1);
  });
  heard = { client: open.client, versions };
}
