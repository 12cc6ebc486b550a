// Run by bench/run.mjs through tsx (from source, not from the server bundle) with the server's
// environment, before the server starts: boots the app once (migrations, plans, demo company),
// seeds the benchmark companies through the app's own seed functions, and writes as JSON what the
// load runs need: many session cookies per company (its admin and its office staff), tag ids,
// search words, public visit tokens and the span of the jobs' dates.
import { writeFileSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { Role } from "~/access/roles";
import { boot, shutdown } from "~/server/boot.server";
import { seedBenchmark, type BenchmarkCompany } from "../tests/fixtures/bench-company";
import { sessionCookieFor } from "../tests/fixtures/sessions";

type Company = BenchmarkCompany & { key: string; adminSessions: number; sessionsPerStaff: number };
type Rows<T> = { rows: T[] };

const [outFile, companiesJson] = process.argv.slice(2);
const companies = JSON.parse(companiesJson) as Company[];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as Rows<T>).rows;
}

await boot();
const result: Record<string, unknown> = {};
for (const company of companies) {
  const started = Date.now();
  const seeded = await seedBenchmark(company);
  const ms = Date.now() - started;
  const { companyId } = seeded;
  const adminCookies: string[] = [];
  for (let i = 0; i < company.adminSessions; i++)
    adminCookies.push(await sessionCookieFor({ userId: seeded.adminUserId }));
  const staff = await rows<{ id: number }>(
    sql`select id from users where company_id = ${companyId} and role = ${Role.OfficeStaff} order by id`,
  );
  const staffCookies: string[] = [];
  for (const { id } of staff)
    for (let i = 0; i < company.sessionsPerStaff; i++) staffCookies.push(await sessionCookieFor({ userId: id }));
  const lastNames = await rows<{ w: string }>(
    sql`select distinct last_name as w from customers where company_id = ${companyId} and last_name is not null order by 1 limit 40`,
  );
  const firstNames = await rows<{ w: string }>(
    sql`select distinct first_name as w from customers where company_id = ${companyId} and first_name is not null order by 1 limit 40`,
  );
  const tokens = await rows<{ t: string }>(
    sql`select public_token as t from jobs where company_id = ${companyId} order by id limit 60`,
  );
  const [span] = await rows<{ first: string | null; last: string | null }>(
    sql`select min(start_time)::text as first, max(start_time)::text as last from jobs where company_id = ${companyId}`,
  );
  result[company.key] = {
    companyId,
    adminUserId: seeded.adminUserId,
    tagIds: seeded.tagIds,
    adminCookies,
    staffCookies,
    searchWords: [...lastNames, ...firstNames].map((r) => r.w).filter((w) => /^[\p{L}' -]+$/u.test(w)),
    publicTokens: tokens.map((r) => r.t),
    jobsFrom: span?.first ? new Date(span.first).toISOString().slice(0, 10) : null,
    jobsTo: span?.last ? new Date(span.last).toISOString().slice(0, 10) : null,
    ms,
  };
  console.log(
    `  ${company.businessName}: ${company.customers} customers, ${company.jobs} jobs, ${company.employees} employees in ${(ms / 1000).toFixed(1)} s (${Object.entries(
      seeded.timings,
    )
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(", ")}); ${adminCookies.length} admin and ${staffCookies.length} office staff sessions`,
  );
}
writeFileSync(outFile, JSON.stringify(result));
await shutdown();
process.exit(0);
