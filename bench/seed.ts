// Run by bench/run.mjs through tsx (from source, not from the server bundle) with the server's
// environment, before the server starts: boots the app once (migrations, plans, demo company),
// seeds the benchmark companies through the app's own seed functions, and writes as JSON what the
// load runs need: many session cookies per company (its admin and its office staff), tag ids,
// search words, public visit tokens and the span of the jobs' dates. It also fills the estimates and
// invoices lists (seedQuotesAndInvoices: bulk INSERT ... SELECT, like the jobs seed) and gives their
// tag ids and public tokens.
import { writeFileSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { boot, shutdown } from "~/server/boot.server";
import { recountRollups } from "~/server/seeds/rollups-seed.server";
import { seedBenchmark, type BenchmarkCompany } from "../tests/fixtures/bench-company";
import { sessionCookieFor } from "../tests/fixtures/sessions";
import { seedActivity } from "./activity-seed";

type Company = BenchmarkCompany & {
  key: string;
  adminSessions: number;
  sessionsPerStaff: number;
  estimates: number;
  invoices: number;
};
type Rows<T> = { rows: T[] };

const [outFile, companiesJson] = process.argv.slice(2);
const companies = JSON.parse(companiesJson) as Company[];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as Rows<T>).rows;
}

const BATCH = 50_000;
const ESTIMATE_TAGS = ["Urgent", "Follow up", "Big job", "Repeat customer", "Referral", "Spring", "Fall", "Commercial"];

/**
 * `count` estimates and `count` invoices over three years, spread over the company's customers, in one
 * transaction of INSERT ... SELECT over generate_series. Estimates: every status of the spec, two options
 * ("Good" and "Better", the second with an optional line every 4th), one or two of 8 tags. Invoices: not
 * sent 20%, sent 40% (a quarter of them partly paid, the older ones overdue), paid 30% (one payment),
 * uncollectible 10%; two lines each, due 15 or 30 days after issue. Totals as the line-items module
 * makes them (8.25% tax on the taxable line). As in seedJobs a superuser session skips the triggers, so
 * estimate_counts, invoice_counts and the rollups of the dashboard and reports are set from the rows at the end.
 */
async function seedQuotesAndInvoices(companyId: number, estimatesCount: number, invoicesCount: number) {
  const tagIds = await db.transaction(async (tx) => {
    const run = (query: SQL) => tx.execute(query);
    const [role] = (
      (await run(sql`select rolsuper as super from pg_roles where rolname = current_user`)) as Rows<{
        super: boolean;
      }>
    ).rows;
    if (role?.super) await run(sql`set local session_replication_role = replica`);
    const tagIds = (
      (await run(sql`insert into tags (company_id, name, type)
        select ${companyId}::int, n, ${TagType.Estimate} from unnest(${sql.param(ESTIMATE_TAGS)}::text[]) as n returning id`)) as Rows<{
        id: number;
      }>
    ).rows.map((r) => r.id);
    const customerIds = sql.param(
      (
        (await run(sql`select id from customers where company_id = ${companyId} order by id`)) as Rows<{ id: number }>
      ).rows.map((r) => r.id),
    );
    const days = 3 * 365;
    const start = sql`(now() - interval '${sql.raw(String(days - 365))} days')::date::timestamptz`;
    for (let from = 0; from < estimatesCount; from += BATCH) {
      const to = Math.min(estimatesCount, from + BATCH) - 1;
      await run(sql`
        with slots as (
          select i, ${customerIds}::int[] as cs, 10000 + (i % 40) * 500 as sub,
            ${start} + ((i::bigint * ${days}) / ${estimatesCount}) * interval '1 day' + ((i % 10) + 12) * interval '1 hour' as s
          from generate_series(${from}::int, ${to}::int) as i
        ), made as (
          insert into estimates (company_id, number, customer_id, name, status, approval, start_time, end_time, timezone,
            tax_rate, total_cents, public_token, sent_at, sent_channel, answered_at, search_text, location, created_at, updated_at)
          select ${companyId}::int, i + 1, c.id,
            (array['New furnace','AC replacement','Bathroom remodel','Deck repair','Roof replacement','Fence install','Water heater','Panel upgrade'])[(i % 8) + 1],
            i % 10, case when i % 10 in (5, 8) then 1 when i % 10 = 9 then 2 else 0 end,
            case when i % 10 <= 3 then slots.s end, case when i % 10 <= 3 then slots.s + interval '1 hour' end,
            'America/New_York', 825, sub + round(sub * 0.0825)::int,
            md5(random()::text || clock_timestamp()::text || i) || md5(random()::text || i),
            case when i % 10 in (4, 5, 8, 9) then slots.s end, case when i % 10 in (4, 5, 8, 9) then 1 + i % 3 end,
            case when i % 10 in (5, 8, 9) then slots.s + interval '2 days' end,
            lower('#' || (i + 1) || ' ' || (i + 1) || ' ' || (array['New furnace','AC replacement','Bathroom remodel','Deck repair','Roof replacement','Fence install','Water heater','Panel upgrade'])[(i % 8) + 1]
              || ' ' || c.first_name || ' ' || coalesce(c.last_name, '') || ' ' || (100 + i % 900) || ' oak ave'),
            (100 + i % 900) || ' Oak Ave', slots.s - interval '7 days', slots.s - interval '7 days'
          from slots join customers c on c.id = slots.cs[(i % array_length(slots.cs, 1)) + 1]
          returning id, number, total_cents
        ), options as (
          insert into estimate_options (company_id, estimate_id, name, position, subtotal_cents, tax_cents, total_cents)
          select ${companyId}::int, made.id, o.name, o.position, sub, round((sub - o.position * 5000) * 0.0825)::int,
            sub + round((sub - o.position * 5000) * 0.0825)::int
          from made, lateral (values ('Good', 0, 10000 + ((made.number - 1) % 40) * 500),
            ('Better', 1, 15000 + ((made.number - 1) % 40) * 500)) as o(name, position, sub)
          returning id, estimate_id, position, subtotal_cents
        ), lines as (
          insert into estimate_line_items (company_id, estimate_id, option_id, kind, name, quantity, unit_price_cents, cost_cents,
            is_taxable, amount_cents, position, is_optional, is_recommended)
          select ${companyId}::int, estimate_id, id, 1, 'Labor', 1, subtotal_cents - position * 5000, (subtotal_cents - position * 5000) / 3, true,
            subtotal_cents - position * 5000, 0, false, false from options
          union all
          select ${companyId}::int, estimate_id, id, 0, 'Parts', 1, 5000, 2000, false, 5000, 1, false, false from options where position = 1
          union all
          select ${companyId}::int, estimate_id, id, 1, 'Maintenance plan', 1, 15000, 0, false, 15000, 2, true, estimate_id % 8 = 0
          from options where position = 1 and estimate_id % 4 = 0
          returning 1
        )
        insert into estimate_tags (estimate_id, tag_id, company_id)
        select made.id, t.tag, ${companyId} from made,
          lateral (select (${sql.param(tagIds)}::int[])[(made.number % 8) + 1] as tag
                   union select (${sql.param(tagIds)}::int[])[((made.number + 3) % 8) + 1] where made.number % 3 = 0) as t`);
    }
    for (let from = 0; from < invoicesCount; from += BATCH) {
      const to = Math.min(invoicesCount, from + BATCH) - 1;
      await run(sql`
        with slots as (
          select i, ${customerIds}::int[] as cs, 10000 + (i % 40) * 500 as labor, 2500 + (i % 7) * 500 as parts,
            case when i % 10 <= 1 then 0 when i % 10 <= 5 then 1 when i % 10 <= 8 then 2 else 5 end as status,
            (${start} + ((i::bigint * ${days}) / ${invoicesCount}) * interval '1 day')::date as issued
          from generate_series(${from}::int, ${to}::int) as i
        ), made as (
          insert into invoices (company_id, number, customer_id, status, issue_date, due_date, tax_rate, subtotal_cents,
            tax_cents, total_cents, paid_cents, public_token, sent_at, sent_channel, paid_at, uncollectible_at, search_text,
            location, created_at, updated_at)
          select ${companyId}::int, i + 1, c.id, status, issued, issued + (case when i % 2 = 0 then 15 else 30 end), 825,
            labor + parts, round(labor * 0.0825)::int, labor + parts + round(labor * 0.0825)::int,
            case when status = 2 then labor + parts + round(labor * 0.0825)::int when status = 1 and i % 4 = 0 then labor / 2 else 0 end,
            md5(random()::text || clock_timestamp()::text || i) || md5(random()::text || i),
            case when status <> 0 then issued::timestamptz + interval '10 hours' end, case when status <> 0 then 1 + i % 3 end,
            case when status = 2 then issued::timestamptz + interval '5 days' end,
            case when status = 5 then issued::timestamptz + interval '90 days' end,
            lower((i + 1) || ' ' || c.first_name || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.own_company_name, '') || ' ' || (100 + i % 900) || ' elm st'),
            (100 + i % 900) || ' Elm St', issued::timestamptz + interval '9 hours', issued::timestamptz + interval '9 hours'
          from slots join customers c on c.id = slots.cs[(i % array_length(slots.cs, 1)) + 1]
          returning id, number, status, total_cents, paid_cents, subtotal_cents, tax_cents, issue_date
        ), lines as (
          insert into invoice_line_items (company_id, invoice_id, kind, name, quantity, unit_price_cents, cost_cents, is_taxable, amount_cents, position)
          select ${companyId}::int, id, 1, 'Labor', 1, subtotal_cents - (2500 + ((number - 1) % 7) * 500), 0, true,
            subtotal_cents - (2500 + ((number - 1) % 7) * 500), 0 from made
          union all
          select ${companyId}::int, id, 0, 'Parts', 1, 2500 + ((number - 1) % 7) * 500, 1000, false, 2500 + ((number - 1) % 7) * 500, 1 from made
          returning 1
        )
        insert into invoice_payments (company_id, invoice_id, method, status, amount_cents, idempotency_key, paid_at, created_at)
        select ${companyId}::int, id, number % 4, 0, paid_cents, 'bench-' || id, issue_date::timestamptz + interval '5 days',
          issue_date::timestamptz + interval '5 days'
        from made where paid_cents > 0`);
    }
    for (const table of ["estimate_counts", "invoice_counts"])
      await run(sql`
        insert into ${sql.identifier(table)} (company_id, count, last_number)
          select ${companyId}::int, count(*), coalesce(max(number), 0)
          from ${sql.identifier(table === "estimate_counts" ? "estimates" : "invoices")} where company_id = ${companyId}
        on conflict (company_id) do update set count = excluded.count, last_number = excluded.last_number`);
    await recountRollups(tx, companyId);
    return tagIds;
  });
  // A table in use is vacuumed by autovacuum: without it a just-loaded table answers no index-only scans.
  for (const table of [
    "estimates",
    "estimate_tags",
    "estimate_options",
    "estimate_line_items",
    "invoices",
    "invoice_payments",
  ])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return tagIds;
}

await boot();
const result: Record<string, unknown> = {};
for (const company of companies) {
  const started = Date.now();
  const seeded = await seedBenchmark(company);
  const quotesStarted = Date.now();
  const estimateTagIds = await seedQuotesAndInvoices(seeded.companyId, company.estimates, company.invoices);
  seeded.timings["estimates and invoices"] = Date.now() - quotesStarted;
  const activityStarted = Date.now();
  const activityEmployeeIds = await seedActivity(seeded.companyId);
  seeded.timings["activity"] = Date.now() - activityStarted;
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
  const estimateTokens = await rows<{ t: string }>(
    sql`select public_token as t from estimates where company_id = ${companyId} order by id limit 60`,
  );
  const invoiceTokens = await rows<{ t: string }>(
    sql`select public_token as t from invoices where company_id = ${companyId} and status in (0, 1) order by id limit 60`,
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
    estimateTagIds,
    activityEmployeeIds,
    estimateTokens: estimateTokens.map((r) => r.t),
    invoiceTokens: invoiceTokens.map((r) => r.t),
    jobsFrom: span?.first ? new Date(span.first).toISOString().slice(0, 10) : null,
    jobsTo: span?.last ? new Date(span.last).toISOString().slice(0, 10) : null,
    ms,
  };
  console.log(
    `  ${company.businessName}: ${company.customers} customers, ${company.jobs} jobs, ${company.estimates} estimates, ${company.invoices} invoices, ${company.employees} employees in ${(ms / 1000).toFixed(1)} s (${Object.entries(
      seeded.timings,
    )
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(", ")}); ${adminCookies.length} admin and ${staffCookies.length} office staff sessions`,
  );
}
writeFileSync(outFile, JSON.stringify(result));
await shutdown();
process.exit(0);
