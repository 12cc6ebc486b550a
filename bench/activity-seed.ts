// The benchmark companies' history for the activity feed (docs/decisions/066-activity-feed.md), run by
// bench/seed.ts after the jobs, estimates and invoices exist: bulk INSERT ... SELECT, like the other seeds.
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";

type Rows<T> = { rows: T[] };

/**
 * Per job 2 to 5 events (created, scheduled, and started, finished, paid as its status went), per
 * estimate one (sent: 5 in the estimates' own catalogue), per invoice one or two (created, paid): about 5 per job at the large company's
 * 200,000 jobs. Employee actors spread over the company's people, the paid events by the system.
 * Returns the ids of the people (the walk's employee filter).
 */
export async function seedActivity(companyId: number): Promise<number[]> {
  const people = (
    (await db.execute(sql`select id from users where company_id = ${companyId} order by id`)) as Rows<{ id: number }>
  ).rows.map((r) => r.id);
  if (!people.length) return [];
  const ids = sql`${sql.param(people)}::int[]`;
  const actor = (rowId: SQL) => sql`(${ids})[1 + (${rowId} % ${people.length})]`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into job_timeline_events (company_id, job_id, type, actor_type, actor_user_id, from_status, to_status, at)
      select j.company_id, j.id, e.type, case when e.by_employee then 1 else 0 end,
        case when e.by_employee then ${actor(sql`(j.id + e.type)`)} end, e.from_status, e.to_status,
        coalesce(j.start_time, j.created_at) + e.shift
      from jobs j
      cross join lateral (values
        (0, true, null::int, null::int, interval '-7 days', 0),
        (1, true, 0, 1, interval '-7 days 23 hours', 1),
        (3, true, 1, 3, interval '0', 3),
        (4, true, 3, 4, interval '2 hours', 4),
        (5, false, 4, 5, interval '3 days', 5)
      ) as e(type, by_employee, from_status, to_status, shift, reached)
      where j.company_id = ${companyId}
        and (e.reached <= 1 or (j.status in (3, 4, 5) and j.status >= e.reached))`);
    await tx.execute(sql`
      insert into estimate_timeline_events (company_id, estimate_id, type, actor_type, actor_user_id, at)
      select company_id, id, 5, 1, ${actor(sql`id`)}, created_at + interval '1 hour'
      from estimates where company_id = ${companyId}`);
    await tx.execute(sql`
      insert into invoice_timeline_events (company_id, invoice_id, type, actor_type, actor_user_id, to_status, at)
      select company_id, id, 26, 1, ${actor(sql`id`)}, 0, created_at from invoices where company_id = ${companyId}`);
    await tx.execute(sql`
      insert into invoice_timeline_events (company_id, invoice_id, type, actor_type, from_status, to_status, at)
      select company_id, id, 14, 0, 1, 2, coalesce(paid_at, created_at + interval '1 day')
      from invoices where company_id = ${companyId} and status = 2`);
  });
  // A just-loaded table answers no index-only scans until it is vacuumed.
  for (const table of ["job_timeline_events", "estimate_timeline_events", "invoice_timeline_events"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return people;
}
