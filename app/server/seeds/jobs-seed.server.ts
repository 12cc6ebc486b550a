import { sql } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { recountRollups } from "~/server/seeds/rollups-seed.server";

export type SeedJobsOptions = {
  count: number;
  employeeIds: number[];
  customerIds: number[];
  years?: number;
  /** How many months before now the first visit is (default: all the years but the last). */
  monthsBack?: number;
  timezone?: string;
  now?: Date;
};

const BATCH = 50_000;

/**
 * Bulk demo and benchmark data: `count` jobs spread evenly over `years` years (the last one
 * ahead of now, or from `monthsBack` months ago), work-day visits of 1-2 hours, each with one line item and one assigned employee
 * (round-robin), past ones finished or paid, about 2% unscheduled. The rows are generated inside
 * the database (INSERT ... SELECT over generate_series) in batches, in one transaction. For speed a
 * superuser session skips the foreign-key triggers (the rows are valid by construction) and a big
 * seed rebuilds the search index once instead of updating it row by row.
 */
export async function seedJobs(companyId: number, options: SeedJobsOptions): Promise<number> {
  if (options.count <= 0 || options.customerIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const roles = (await tx.execute(
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    )) as unknown as { rows: Array<{ super: boolean }> };
    if (roles.rows[0]?.super) await tx.execute(sql`set local session_replication_role = replica`);
    // Bulk-load practice: drop the secondary indexes, load, rebuild each once (a sort beats 200,000 single inserts).
    const indexes = options.count >= 20_000 ? await secondaryIndexes(tx) : [];
    for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
    await insertJobs(tx, companyId, options);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    // The counter's trigger does not fire in replica mode: count once, right for either mode.
    await tx.execute(sql`
      insert into job_counts (company_id, count, longest_visit_seconds)
        select ${companyId}, count(*), coalesce(max(ceil(extract(epoch from end_time - start_time))), 0)::integer from jobs where company_id = ${companyId}
      on conflict (company_id) do update set count = excluded.count, longest_visit_seconds = excluded.longest_visit_seconds`);
    await recountRollups(tx, companyId);
    return options.count;
  });
}

/** Non-constraint indexes of the tables the seed fills, with their CREATE statements. */
async function secondaryIndexes(tx: Transaction): Promise<Array<{ name: string; definition: string }>> {
  const result = (await tx.execute(sql`
    select quote_ident(i.indexname) as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in ('jobs', 'job_line_items', 'job_employees')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: Array<{ name: string; definition: string }>;
  };
  return result.rows;
}

async function insertJobs(exec: Transaction, companyId: number, options: SeedJobsOptions) {
  const { count, employeeIds, customerIds } = options;
  const years = options.years ?? 3;
  const now = options.now ?? new Date();
  const start = new Date(now);
  if (options.monthsBack === undefined) start.setUTCFullYear(start.getUTCFullYear() - (years - 1));
  else start.setUTCMonth(start.getUTCMonth() - options.monthsBack);
  start.setUTCHours(0, 0, 0, 0);
  const days = Math.round((years * 365.25 * 86_400_000) / 86_400_000);
  const timezone = options.timezone ?? "America/New_York";
  const customers = sql.param(customerIds);
  const employees = sql.param(employeeIds);
  for (let from = 0; from < count; from += BATCH) {
    const to = Math.min(count, from + BATCH) - 1;
    await exec.execute(sql`
      with slots as (
        select i, ${customers}::int[] as cs,
          ${start.toISOString()}::timestamptz + ((i::bigint * ${days}) / ${count}) * interval '1 day' + ((i % 10) + 12) * interval '1 hour' as s
        from generate_series(${from}::int, ${to}::int) as i
      ), made as (
        insert into jobs (company_id, customer_id, name, description, status, start_time, end_time, timezone, tax_rate,
          subtotal_cents, tax_cents, total_cents, paid_cents, public_token, search_text, location, created_at, updated_at)
        select ${companyId}, c.id,
          (array['Furnace tune-up','AC repair','Drain cleaning','Lawn care','Window cleaning','Gutter cleaning','Water heater install','Roof inspection'])[(i % 8) + 1],
          'Visit ' || i,
          case when i % 50 = 0 then 0 when slots.s < ${now.toISOString()}::timestamptz then (case when i % 3 = 0 then 4 else 5 end) else 1 end,
          case when i % 50 = 0 then null else slots.s end,
          case when i % 50 = 0 then null else slots.s + (60 + (i % 2) * 60) * interval '1 minute' end,
          ${timezone}, 825, 10000 + (i % 40) * 500, round((10000 + (i % 40) * 500) * 0.0825)::int,
          10000 + (i % 40) * 500 + round((10000 + (i % 40) * 500) * 0.0825)::int,
          case when i % 3 <> 0 and slots.s < ${now.toISOString()}::timestamptz and i % 50 <> 0 then 10000 + (i % 40) * 500 + round((10000 + (i % 40) * 500) * 0.0825)::int else 0 end,
          md5(random()::text || clock_timestamp()::text || i) || md5(random()::text || i),
          lower((array['Furnace tune-up','AC repair','Drain cleaning','Lawn care','Window cleaning','Gutter cleaning','Water heater install','Roof inspection'])[(i % 8) + 1] || ' ' || c.first_name || ' ' || coalesce(c.last_name, '')),
          (100 + i % 900) || ' Main St',
          slots.s - interval '14 days', slots.s - interval '14 days'
        from slots join customers c on c.id = slots.cs[(i % array_length(slots.cs, 1)) + 1]
        returning id, start_time, subtotal_cents
      ), items as (
        insert into job_line_items (company_id, job_id, kind, name, quantity, unit_price_cents, cost_cents, is_taxable, amount_cents, position)
        select ${companyId}, id, 1, 'Service call', 1, subtotal_cents, subtotal_cents / 3, true, subtotal_cents, 0 from made
        returning job_id
      )
      insert into job_employees (job_id, user_id, company_id, start_time)
      select made.id, (${employees}::int[])[(made.id % greatest(array_length(${employees}::int[], 1), 1)) + 1], ${companyId}, made.start_time
      from made where array_length(${employees}::int[], 1) > 0`);
  }
}
