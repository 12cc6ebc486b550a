import { sql } from "drizzle-orm";
import type { Executor } from "~/db.server";

/**
 * Sets a company's rollups of the dashboard and reports (migration 0015) from its rows. The bulk
 * seeds load with the triggers off (a superuser session's replica role), so, like job_counts, they
 * count once at the end; the same statements as the migration's backfill, for one company.
 */
export async function recountRollups(exec: Executor, companyId: number): Promise<void> {
  const statements = [
    sql`delete from job_status_counts where company_id = ${companyId}`,
    sql`insert into job_status_counts (company_id, status, count)
      select company_id, status, count(*) from jobs where company_id = ${companyId} group by company_id, status`,
    sql`delete from estimate_status_counts where company_id = ${companyId}`,
    sql`insert into estimate_status_counts (company_id, status, count)
      select company_id, status, count(*) from estimates where company_id = ${companyId} group by company_id, status`,
    sql`delete from invoice_status_totals where company_id = ${companyId}`,
    sql`insert into invoice_status_totals (company_id, status, count, total_cents, paid_cents)
      select company_id, status, count(*), sum(total_cents), sum(paid_cents) from invoices
      where company_id = ${companyId} group by company_id, status`,
    sql`delete from invoice_days where company_id = ${companyId}`,
    sql`insert into invoice_days (company_id, day, status, count, total_cents, tax_cents)
      select company_id, issue_date, status, count(*), sum(total_cents), sum(tax_cents) from invoices
      where company_id = ${companyId} group by company_id, issue_date, status`,
    sql`delete from invoice_due_days where company_id = ${companyId}`,
    sql`insert into invoice_due_days (company_id, status, day, count, balance_cents)
      select company_id, status, due_date, count(*), sum(total_cents::bigint - paid_cents::bigint) from invoices
      where company_id = ${companyId} group by company_id, status, due_date`,
    sql`delete from payment_days where company_id = ${companyId}`,
    sql`insert into payment_days (company_id, day, method, count, amount_cents)
      select p.company_id, (p.paid_at at time zone c.timezone)::date, p.method, count(*), sum(p.amount_cents)
      from invoice_payments p join companies c on c.id = p.company_id
      where p.company_id = ${companyId} and p.status in (0, 1) group by 1, 2, 3`,
  ];
  for (const statement of statements) await exec.execute(statement);
}
