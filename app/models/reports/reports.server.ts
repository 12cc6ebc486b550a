import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import type { CallerContext } from "~/access/access.server";
import { TagType } from "~/models/company/tags.schema";
import { toCsv } from "~/models/files/csv.server";
import {
  breakdownColumnTitles,
  centsCell,
  periodLabel,
  periodStarts,
  type ReportFilters,
  type ReportGroup,
  type SalesBreakdown,
} from "~/models/reports/reports.schema";

/*
 * Definitions (docs/decisions/065-dashboard-and-reports.md):
 * - Invoiced: invoice totals (tax included) by issue date, every status but uncollectible (5).
 * - Collected: payments paid (0) or autopaid (1), by the day they were paid in the company's time zone.
 * The by-period figures read the rollups invoice_days and payment_days (one row per day); the
 * breakdowns read the range's invoices.
 */

const UNCOLLECTIBLE = 5;

export type ReportRange = { from: string; to: string };

type Query = Parameters<typeof db.execute>[0];
async function rowsOf<T>(query: Query): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type SalesPeriodRow = {
  /** The period's first day (it may begin before the range; only the range's days are counted). */
  start: string;
  label: string;
  invoiceCount: number;
  invoicedCents: number;
  taxCents: number;
  collectedCents: number;
};

/** Invoiced and collected per day, week or month of the range, every period listed (0 when empty). */
export async function salesByPeriod(
  ctx: CallerContext,
  range: ReportRange & { group: ReportGroup },
): Promise<SalesPeriodRow[]> {
  // Summed per period in the database: a year by month is 12 rows, not 365 days to bucket here.
  const unit = range.group;
  const rows = await rowsOf<{ start: string; count: number; total: number; tax: number; amount: number }>(sql`
    with inv as (
      select date_trunc(${unit}, day::timestamp)::date as start, sum(count)::int as count,
        sum(total_cents)::float8 as total, sum(tax_cents)::float8 as tax
      from invoice_days
      where company_id = ${ctx.companyId} and day between ${range.from}::date and ${range.to}::date and status <> ${UNCOLLECTIBLE}
      group by 1),
    pay as (
      select date_trunc(${unit}, day::timestamp)::date as start, sum(amount_cents)::float8 as amount
      from payment_days
      where company_id = ${ctx.companyId} and day between ${range.from}::date and ${range.to}::date
      group by 1)
    select start::text as start, coalesce(inv.count, 0) as count, coalesce(inv.total, 0) as total,
      coalesce(inv.tax, 0) as tax, coalesce(pay.amount, 0) as amount
    from inv full join pay using (start)`);
  const byStart = new Map<string, SalesPeriodRow>(
    periodStarts(range.from, range.to, range.group).map((start) => [
      start,
      {
        start,
        label: periodLabel(start, range.group),
        invoiceCount: 0,
        invoicedCents: 0,
        taxCents: 0,
        collectedCents: 0,
      },
    ]),
  );
  for (const r of rows) {
    const row = byStart.get(r.start);
    if (!row) continue;
    row.invoiceCount += Number(r.count);
    row.invoicedCents += Number(r.total);
    row.taxCents += Number(r.tax);
    row.collectedCents += Number(r.amount);
  }
  return [...byStart.values()];
}

export type ReportOverview = {
  invoiceCount: number;
  invoicedCents: number;
  collectedCents: number;
  /** Invoiced divided by the number of invoices, rounded to the cent; null without invoices. */
  averageTicketCents: number | null;
  jobsCompleted: number;
  estimatesSent: number;
  estimatesApproved: number;
};

/**
 * The figures of /reports, all read from per-day rollups (a year is 365 rows of each). Jobs
 * completed: jobs whose latest Finished timeline event (4) that no undo reverted falls in the range
 * (job_completion_days), each job once however often it was reopened. Estimate conversion: of the
 * estimates whose first Sent event (5, not undone) falls in the range (a resend does not count
 * again), those the customer approved as they stand now: approval 1, or status approved 5 or copied
 * to job 8 (estimate_sent_days).
 */
export async function reportOverview(ctx: CallerContext, scope: ReportRange): Promise<ReportOverview> {
  const range = sql`${scope.from}::date and ${scope.to}::date`;
  const [totals] = await rowsOf<{
    invoice_count: number;
    invoiced: number;
    collected: number;
    jobs_completed: number;
    estimates_sent: number;
    estimates_approved: number;
  }>(sql`
    select i.invoice_count, i.invoiced, p.collected, j.jobs_completed, e.estimates_sent, e.estimates_approved
    from (select coalesce(sum(count), 0)::int as invoice_count, coalesce(sum(total_cents), 0)::float8 as invoiced
        from invoice_days where company_id = ${ctx.companyId} and day between ${range} and status <> ${UNCOLLECTIBLE}) i,
      (select coalesce(sum(amount_cents), 0)::float8 as collected
        from payment_days where company_id = ${ctx.companyId} and day between ${range}) p,
      (select coalesce(sum(count), 0)::int as jobs_completed
        from job_completion_days where company_id = ${ctx.companyId} and day between ${range}) j,
      (select coalesce(sum(sent_count), 0)::int as estimates_sent, coalesce(sum(approved_count), 0)::int as estimates_approved
        from estimate_sent_days where company_id = ${ctx.companyId} and day between ${range}) e`);
  const invoiceCount = Number(totals.invoice_count);
  const invoicedCents = Number(totals.invoiced);
  return {
    invoiceCount,
    invoicedCents,
    collectedCents: Number(totals.collected),
    averageTicketCents: invoiceCount === 0 ? null : Math.round(invoicedCents / invoiceCount),
    jobsCompleted: Number(totals.jobs_completed),
    estimatesSent: Number(totals.estimates_sent),
    estimatesApproved: Number(totals.estimates_approved),
  };
}

export type SalesBreakdownRow = {
  /** The employee's, item's, lead source's or tag's id; null for "Unassigned", a typed item name, "None", "Untagged". */
  id: number | null;
  name: string;
  invoiceCount: number;
  salesCents: number;
};

/** The range's invoices that count as sales (read on (company_id, issue_date)). */
const rangeInvoices = (ctx: CallerContext, range: ReportRange) => sql`
  select i.id, i.job_id, i.customer_id, i.total_cents::bigint as total_cents
  from invoices i
  where i.company_id = ${ctx.companyId} and i.issue_date between ${range.from}::date and ${range.to}::date
    and i.status <> ${UNCOLLECTIBLE}`;

const breakdownOrder = sql`order by sales desc, name asc`;

/*
 * The breakdowns join each of the range's invoices to its rows elsewhere through LATERAL ... OFFSET 0:
 * the fence keeps the planner from turning the lookup into a hash join over every job's employees,
 * line or customer of the company (its row estimate of a month's invoices makes the whole-table scan
 * look cheaper; at 100,000 invoices it is 37 ms against 10 ms for the month's index lookups).
 */

/**
 * Each invoice's total split evenly among its job's employees: every one gets the total divided by
 * their number, rounded down, and the first ones (by user id) one cent more each until the parts add
 * up to the invoice exactly. Invoices without a job or without employees are "Unassigned".
 */
async function byEmployee(ctx: CallerContext, range: ReportRange): Promise<SalesBreakdownRow[]> {
  return rowsOf<SalesBreakdownRow>(sql`
    with inv as (${rangeInvoices(ctx, range)}),
    parts as (
      select inv.id, inv.total_cents, je.user_id,
        count(je.user_id) over (partition by inv.id) as n,
        row_number() over (partition by inv.id order by je.user_id) as rn
      from inv left join lateral (
        select je.user_id from job_employees je where je.job_id = inv.job_id and je.company_id = ${ctx.companyId} offset 0
      ) je on true
    ),
    shares as (
      select id, user_id,
        case when n = 0 then total_cents
          else floor(total_cents::numeric / n) + case when rn <= total_cents - floor(total_cents::numeric / n) * n then 1 else 0 end
        end as share
      from parts
    )
    select s.user_id as id,
      coalesce(trim(u.first_name || ' ' || coalesce(u.last_name, '')), 'Unassigned') as name,
      count(distinct s.id)::int as "invoiceCount", sum(s.share)::float8 as "salesCents", sum(s.share) as sales
    from shares s left join users u on u.id = s.user_id
    group by s.user_id, u.first_name, u.last_name
    ${breakdownOrder}`);
}

/**
 * Invoice line amounts (quantity x unit price, before the invoice's discount and tax) by price book
 * item, or by the typed name for a line not taken from the price book.
 */
async function byItem(ctx: CallerContext, range: ReportRange): Promise<SalesBreakdownRow[]> {
  return rowsOf<SalesBreakdownRow>(sql`
    with inv as (${rangeInvoices(ctx, range)}),
    lines as (
      select l.price_list_item_id as item_id, case when l.price_list_item_id is null then l.name end as typed,
        l.name, l.invoice_id, l.amount_cents
      from inv join lateral (
        select l.price_list_item_id, l.name, l.invoice_id, l.amount_cents
        from invoice_line_items l where l.invoice_id = inv.id offset 0
      ) l on true
    )
    select lines.item_id as id, coalesce(p.name, min(lines.name)) as name,
      count(distinct lines.invoice_id)::int as "invoiceCount", sum(lines.amount_cents)::float8 as "salesCents",
      sum(lines.amount_cents) as sales
    from lines left join price_list_items p on p.id = lines.item_id and p.company_id = ${ctx.companyId}
    group by lines.item_id, lines.typed, p.name
    ${breakdownOrder}`);
}

/** Invoice totals by the customer's lead sources (a customer with two counts in both), "None" without one. */
async function byLeadSource(ctx: CallerContext, range: ReportRange): Promise<SalesBreakdownRow[]> {
  return rowsOf<SalesBreakdownRow>(sql`
    with inv as (${rangeInvoices(ctx, range)})
    select ls.id, coalesce(ls.name, 'None') as name,
      count(*)::int as "invoiceCount", sum(inv.total_cents)::float8 as "salesCents", sum(inv.total_cents) as sales
    from inv join lateral (select c.lead_source_ids from customers c where c.id = inv.customer_id offset 0) c on true
    left join lateral (
      select l.id, l.name from lead_sources l where l.company_id = ${ctx.companyId} and l.id = any(c.lead_source_ids)
    ) ls on true
    group by ls.id, ls.name
    ${breakdownOrder}`);
}

/** Invoice totals by the customer's tags (a customer with two tags counts in both), "Untagged" without one. */
async function byTag(ctx: CallerContext, range: ReportRange): Promise<SalesBreakdownRow[]> {
  return rowsOf<SalesBreakdownRow>(sql`
    with inv as (${rangeInvoices(ctx, range)})
    select t.id, coalesce(t.name, 'Untagged') as name,
      count(*)::int as "invoiceCount", sum(inv.total_cents)::float8 as "salesCents", sum(inv.total_cents) as sales
    from inv join lateral (select c.tag_ids from customers c where c.id = inv.customer_id offset 0) c on true
    left join lateral (
      select g.id, g.name from tags g
      where g.company_id = ${ctx.companyId} and g.type = ${TagType.Customer} and g.id = any(c.tag_ids)
    ) t on true
    group by t.id, t.name
    ${breakdownOrder}`);
}

const breakdowns: Record<Exclude<SalesBreakdown, "period">, typeof byEmployee> = {
  employee: byEmployee,
  item: byItem,
  leadSource: byLeadSource,
  tag: byTag,
};

/** One breakdown of the range's sales, largest first. */
export async function salesBreakdown(
  ctx: CallerContext,
  by: Exclude<SalesBreakdown, "period">,
  range: ReportRange,
): Promise<SalesBreakdownRow[]> {
  const rows = await breakdowns[by](ctx, range);
  return rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    name: r.name,
    invoiceCount: Number(r.invoiceCount),
    salesCents: Number(r.salesCents),
  }));
}

/** The table of a sales report tab as a CSV file (amounts in dollars with two decimals). */
export async function salesReportCsv(ctx: CallerContext, filters: ReportFilters): Promise<string> {
  if (filters.by === "period") {
    const rows = await salesByPeriod(ctx, filters);
    return toCsv(
      rows.map((r) => [
        r.start,
        r.label,
        r.invoiceCount,
        centsCell(r.invoicedCents),
        centsCell(r.taxCents),
        centsCell(r.collectedCents),
      ]),
      { header: true, columns: ["Period start", "Period", "Invoices", "Invoiced", "Tax", "Collected"] },
    );
  }
  const rows = await salesBreakdown(ctx, filters.by, filters);
  return toCsv(
    rows.map((r) => [r.name, r.invoiceCount, centsCell(r.salesCents)]),
    {
      header: true,
      columns: [breakdownColumnTitles[filters.by], "Invoices", filters.by === "item" ? "Line amounts" : "Sales"],
    },
  );
}
