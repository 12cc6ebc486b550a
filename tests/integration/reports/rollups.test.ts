import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  companies,
  customers,
  estimateTimelineEvents,
  estimates,
  invoicePayments,
  invoices,
  jobTimelineEvents,
  jobs,
} from "~/db/schema";
import { Role } from "~/access/roles";
import { reportOverview } from "~/models/reports/reports.server";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany } from "../../helpers/factories";

useTestDatabase();

type Query = Parameters<typeof db.execute>[0];
const rowsOf = async (query: Query) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** Each rollup next to the same figures counted from its source rows: they must agree row for row. */
async function mismatches(companyId: number) {
  const pairs = {
    jobStatus: [
      sql`select status, count from job_status_counts where company_id = ${companyId} and count <> 0`,
      sql`select status, count(*)::int as count from jobs where company_id = ${companyId} group by status`,
    ],
    estimateStatus: [
      sql`select status, count from estimate_status_counts where company_id = ${companyId} and count <> 0`,
      sql`select status, count(*)::int as count from estimates where company_id = ${companyId} group by status`,
    ],
    invoiceStatus: [
      sql`select status, count, total_cents::bigint as total, paid_cents::bigint as paid from invoice_status_totals
          where company_id = ${companyId} and (count <> 0 or total_cents <> 0 or paid_cents <> 0)`,
      sql`select status, count(*)::int as count, sum(total_cents)::bigint as total, sum(paid_cents)::bigint as paid
          from invoices where company_id = ${companyId} group by status`,
    ],
    invoiceDays: [
      sql`select day::text, status, count, total_cents::bigint as total, tax_cents::bigint as tax from invoice_days
          where company_id = ${companyId} and (count <> 0 or total_cents <> 0 or tax_cents <> 0)`,
      sql`select issue_date::text as day, status, count(*)::int as count, sum(total_cents)::bigint as total,
          sum(tax_cents)::bigint as tax from invoices where company_id = ${companyId} group by issue_date, status`,
    ],
    invoiceDueDays: [
      sql`select status, day::text, count, balance_cents::bigint as balance from invoice_due_days
          where company_id = ${companyId} and (count <> 0 or balance_cents <> 0)`,
      sql`select status, due_date::text as day, count(*)::int as count, sum(total_cents - paid_cents)::bigint as balance
          from invoices where company_id = ${companyId} group by status, due_date`,
    ],
    paymentDays: [
      sql`select day::text, method, count, amount_cents::bigint as amount from payment_days
          where company_id = ${companyId} and (count <> 0 or amount_cents <> 0)`,
      sql`select (p.paid_at at time zone c.timezone)::date::text as day, p.method, count(*)::int as count,
          sum(p.amount_cents)::bigint as amount from invoice_payments p join companies c on c.id = p.company_id
          where p.company_id = ${companyId} and p.status in (0, 1) group by 1, 2`,
    ],
    // A job on the day of its latest Finished event (4) not undone.
    jobCompletionDays: [
      sql`select day::text, count from job_completion_days where company_id = ${companyId} and count <> 0`,
      sql`select day::text, count(*)::int as count from (
            select (max(e.at) at time zone c.timezone)::date as day from job_timeline_events e
            join companies c on c.id = e.company_id
            where e.company_id = ${companyId} and e.type = 4 and e.undone_at is null group by e.job_id, c.timezone) t
          group by day`,
    ],
    // An estimate on the day of its first Sent event (5) not undone; approved as it stands.
    estimateSentDays: [
      sql`select day::text, sent_count, approved_count from estimate_sent_days
          where company_id = ${companyId} and (sent_count <> 0 or approved_count <> 0)`,
      sql`select day::text, count(*)::int as sent_count, (count(*) filter (where approved))::int as approved_count from (
            select (min(e.at) at time zone c.timezone)::date as day, bool_or(x.approval = 1 or x.status in (5, 8)) as approved
            from estimate_timeline_events e join estimates x on x.id = e.estimate_id join companies c on c.id = e.company_id
            where e.company_id = ${companyId} and e.type = 5 and e.undone_at is null group by e.estimate_id, c.timezone) t
          group by day`,
    ],
  };
  const sorted = (rows: unknown[]) =>
    rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? Number(v) : v))).sort();
  const out: Record<string, { rollup: string[]; rows: string[] }> = {};
  for (const [name, [rollup, rows]] of Object.entries(pairs)) {
    const a = sorted(await rowsOf(rollup));
    const b = sorted(await rowsOf(rows));
    if (JSON.stringify(a) !== JSON.stringify(b)) out[name] = { rollup: a, rows: b };
  }
  return out;
}

describe("dashboard and report rollups (migration 0015)", () => {
  it("agree with their rows through inserts, updates and deletes", async () => {
    const company = await createTestCompany();
    const other = await createTestCompany();
    const [customer] = await db
      .insert(customers)
      .values({ companyId: company.companyId, firstName: "Ada", lastName: "Lopez" })
      .returning();
    const jobRows = await db
      .insert(jobs)
      .values(
        [0, 1, 1, 4, 6].map((status, i) => ({
          companyId: company.companyId,
          customerId: customer.id,
          name: `Job ${i}`,
          status,
          timezone: "UTC",
          publicToken: `t-${company.companyId}-${i}`,
        })),
      )
      .returning();
    await db.execute(sql`update jobs set status = 4 where id = ${jobRows[1].id}`);
    await db.execute(sql`update jobs set name = 'Renamed' where company_id = ${company.companyId}`);
    await db.execute(sql`delete from jobs where id = ${jobRows[0].id}`);

    await db.update(companies).set({ timezone: "America/Los_Angeles" }).where(eq(companies.id, company.companyId));
    const invoiceRows = await db
      .insert(invoices)
      .values(
        [
          { number: 1, status: 0, issueDate: "2026-10-01", totalCents: 10_000, taxCents: 800 },
          { number: 2, status: 1, issueDate: "2026-10-01", totalCents: 25_050, taxCents: 0 },
          { number: 3, status: 1, issueDate: "2026-10-31", totalCents: 2_000_000_000, taxCents: 5 },
          { number: 4, status: 1, issueDate: "2026-11-02", totalCents: 2_000_000_000, taxCents: 5 },
        ].map((row) => ({
          ...row,
          companyId: company.companyId,
          customerId: customer.id,
          dueDate: "2026-12-01",
          publicToken: `i-${company.companyId}-${row.number}`,
        })),
      )
      .returning();
    await db.insert(invoicePayments).values([
      {
        companyId: company.companyId,
        invoiceId: invoiceRows[1].id,
        method: 0,
        amountCents: 5_050,
        idempotencyKey: "a",
        paidAt: new Date("2026-11-01T03:00:00Z"),
      },
      {
        companyId: company.companyId,
        invoiceId: invoiceRows[1].id,
        method: 2,
        amountCents: 20_000,
        idempotencyKey: "b",
        status: 2,
      },
    ]);
    await db.execute(
      sql`update invoice_payments set status = 0 where idempotency_key = 'b' and company_id = ${company.companyId}`,
    );
    await db.execute(sql`update invoices set status = 2, paid_cents = 25050 where id = ${invoiceRows[1].id}`);
    await db.execute(sql`update invoices set issue_date = '2026-11-03' where id = ${invoiceRows[0].id}`);
    await db.execute(
      sql`update invoices set due_date = '2026-11-20', paid_cents = 100 where id = ${invoiceRows[2].id}`,
    );
    await db.execute(sql`delete from invoices where id = ${invoiceRows[3].id}`);
    const estimateRows = await db
      .insert(estimates)
      .values(
        [7, 7, 2].map((status, i) => ({
          companyId: company.companyId,
          customerId: customer.id,
          number: i + 1,
          status,
          timezone: "UTC",
          publicToken: `e-${company.companyId}-${i}`,
        })),
      )
      .returning();
    await db.execute(sql`update estimates set status = 9 where id = ${estimateRows[0].id}`);
    await db.execute(sql`delete from estimates where id = ${estimateRows[2].id}`);
    const c = company.companyId;
    await db.insert(jobTimelineEvents).values([
      { companyId: c, jobId: jobRows[1].id, type: 4, at: new Date("2026-11-01T03:00:00Z") },
      { companyId: c, jobId: jobRows[1].id, type: 4, at: new Date("2026-11-03T18:00:00Z") },
      { companyId: c, jobId: jobRows[2].id, type: 4, at: new Date("2026-11-03T18:00:00Z"), undoneAt: new Date() },
      { companyId: c, jobId: jobRows[3].id, type: 3, at: new Date("2026-11-03T18:00:00Z") },
      { companyId: c, jobId: jobRows[3].id, type: 4, at: new Date("2026-11-04T18:00:00Z") },
      { companyId: c, jobId: jobRows[4].id, type: 4, at: new Date("2026-11-05T18:00:00Z") },
    ]);
    await db.execute(
      sql`update job_timeline_events set undone_at = now() where job_id = ${jobRows[3].id} and type = 4`,
    );
    await db.execute(sql`update job_timeline_events set undone_at = null where job_id = ${jobRows[2].id}`);
    await db.execute(sql`delete from jobs where id = ${jobRows[4].id}`);
    await db.insert(estimateTimelineEvents).values([
      { companyId: c, estimateId: estimateRows[0].id, type: 5, at: new Date("2026-11-02T18:00:00Z") },
      { companyId: c, estimateId: estimateRows[0].id, type: 5, at: new Date("2026-11-01T03:00:00Z") },
      { companyId: c, estimateId: estimateRows[1].id, type: 5, at: new Date("2026-11-02T18:00:00Z") },
    ]);
    await db.execute(sql`update estimates set approval = 1 where id = ${estimateRows[1].id}`);

    expect(await mismatches(company.companyId)).toEqual({});
    expect(await mismatches(other.companyId)).toEqual({});

    // A payment at 03:00 UTC on 1 November is 31 October in the company's Los Angeles.
    expect(
      await rowsOf(sql`select day::text from payment_days where company_id = ${company.companyId} and method = 0`),
    ).toEqual([{ day: "2026-10-31" }]);

    // Deleting the company takes its rollups with it (the cascade's triggers never re-create them).
    await db.execute(sql`delete from companies where id = ${company.companyId}`);
    const left = await rowsOf(
      sql`select (select count(*) from job_status_counts where company_id = ${company.companyId})::int
        + (select count(*) from invoice_status_totals where company_id = ${company.companyId})::int
        + (select count(*) from payment_days where company_id = ${company.companyId})::int
        + (select count(*) from invoice_due_days where company_id = ${company.companyId})::int
        + (select count(*) from job_completion_days where company_id = ${company.companyId})::int
        + (select count(*) from estimate_sent_days where company_id = ${company.companyId})::int as n`,
    );
    expect(left[0]).toEqual({ n: 0 });
  });
});

describe("jobs completed and estimates sent (migration 0021)", () => {
  it("move with undo, a second Finished, a resend, a later approval and deletes", async () => {
    const company = await createTestCompany();
    const c = company.companyId;
    const ctx = { companyId: c, userId: company.userId, role: Role.CompanyAdmin };
    await db.update(companies).set({ timezone: "America/New_York" }).where(eq(companies.id, c));
    const [customer] = await db
      .insert(customers)
      .values({ companyId: c, firstName: "Ada", lastName: "Lopez" })
      .returning();
    const [job] = await db
      .insert(jobs)
      .values({ companyId: c, customerId: customer.id, name: "Job", status: 4, timezone: "UTC", publicToken: `m-${c}` })
      .returning();
    const [estimate] = await db
      .insert(estimates)
      .values({ companyId: c, customerId: customer.id, number: 1, status: 4, timezone: "UTC", publicToken: `me-${c}` })
      .returning();
    const figures = async (from: string, to: string) => {
      const o = await reportOverview(ctx, { from, to });
      return [o.jobsCompleted, o.estimatesSent, o.estimatesApproved];
    };
    const OCT31 = ["2026-10-31", "2026-10-31"] as const;
    const NOV = ["2026-11-01", "2026-11-30"] as const;

    // Finished at 23:00 on 31 October in New York; the estimate sent the same evening.
    const [first] = await db
      .insert(jobTimelineEvents)
      .values({ companyId: c, jobId: job.id, type: 4, at: new Date("2026-11-01T03:00:00Z") })
      .returning();
    await db
      .insert(estimateTimelineEvents)
      .values({ companyId: c, estimateId: estimate.id, type: 5, at: new Date("2026-11-01T03:00:00Z") });
    expect(await figures(...OCT31)).toEqual([1, 1, 0]);
    expect(await figures(...NOV)).toEqual([0, 0, 0]);

    // Reopened and finished again on 10 November, the estimate resent that day: the job moves to
    // its latest day, the estimate stays on its first.
    const [second] = await db
      .insert(jobTimelineEvents)
      .values({ companyId: c, jobId: job.id, type: 4, at: new Date("2026-11-10T15:00:00Z") })
      .returning();
    const [resent] = await db
      .insert(estimateTimelineEvents)
      .values({ companyId: c, estimateId: estimate.id, type: 5, at: new Date("2026-11-10T15:00:00Z") })
      .returning();
    expect(await figures(...OCT31)).toEqual([0, 1, 0]);
    expect(await figures(...NOV)).toEqual([1, 0, 0]);
    expect(await figures("2026-10-01", "2026-11-30")).toEqual([1, 1, 0]);

    // Approved a week later: counted as approved on the day it was first sent.
    await db.update(estimates).set({ approval: 1, status: 5 }).where(eq(estimates.id, estimate.id));
    expect(await figures(...OCT31)).toEqual([0, 1, 1]);
    // Declined after all (approval 2, status declined 6).
    await db.update(estimates).set({ approval: 2, status: 6 }).where(eq(estimates.id, estimate.id));
    expect(await figures(...OCT31)).toEqual([0, 1, 0]);
    // Copied to a job (status 8) also counts as approved.
    await db.update(estimates).set({ status: 8 }).where(eq(estimates.id, estimate.id));
    expect(await figures(...OCT31)).toEqual([0, 1, 1]);

    // The second Finished undone: back to 31 October. The first Sent undone: the resend's day.
    await db.update(jobTimelineEvents).set({ undoneAt: new Date() }).where(eq(jobTimelineEvents.id, second.id));
    await db
      .update(estimateTimelineEvents)
      .set({ undoneAt: new Date() })
      .where(
        sql`${estimateTimelineEvents.estimateId} = ${estimate.id} and ${estimateTimelineEvents.id} <> ${resent.id}`,
      );
    expect(await figures(...OCT31)).toEqual([1, 0, 0]);
    expect(await figures(...NOV)).toEqual([0, 1, 1]);

    // Both Finished events undone: no longer completed. Deleting the estimate takes it out.
    await db.update(jobTimelineEvents).set({ undoneAt: new Date() }).where(eq(jobTimelineEvents.id, first.id));
    await db.delete(estimates).where(eq(estimates.id, estimate.id));
    expect(await figures("2026-10-01", "2026-11-30")).toEqual([0, 0, 0]);

    // Redone, then the job deleted: its events go with it, and the count.
    await db.update(jobTimelineEvents).set({ undoneAt: null }).where(eq(jobTimelineEvents.id, first.id));
    expect(await figures(...OCT31)).toEqual([1, 0, 0]);
    await db.delete(jobs).where(eq(jobs.id, job.id));
    expect(await figures(...OCT31)).toEqual([0, 0, 0]);
    expect(await mismatches(c)).toEqual({});
  });
});
