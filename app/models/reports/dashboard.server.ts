import { eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db.server";
import {
  bookingRequests,
  companies,
  estimates,
  estimateStatusCounts,
  invoiceDueDays,
  invoiceStatusTotals,
  jobs,
  jobStatusCounts,
  paymentDays,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { BookingRequestStatus } from "~/models/booking/booking.schema";
import { EstimateStatus } from "~/models/estimates/estimates.schema";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { JOB_STATUSES, JobStatus, jobStatusLabels } from "~/models/jobs/jobs.schema";
import { addDays, visibleDays } from "~/models/schedule/schedule";
import { midnightIn, todayIn } from "~/models/schedule/schedule.server";

/*
 * The dashboard's figures. Counts and sums come from the rollups of migration 0015 (docs/decisions/
 * 065-dashboard-and-reports.md: kept by triggers, always equal to the rows), never from counting the
 * company's jobs or invoices (the sent invoices not yet due: invoice_due_days, migration 0021); the
 * row read left is an index range (this week's visits). One round trip. Definitions, each matching
 * the list its figure links to:
 * - visits: jobs' and estimates' visits starting that day in the company's zone, not cancelled
 *   (the schedule's week runs Sunday to Saturday);
 * - revenue: payments paid or autopaid (payment_days), this month to date against last month;
 * - unpaid: invoices not sent or sent, their totals minus what was paid;
 * - overdue: sent invoices due before today (the invoices list's "Overdue" filter); a not-sent
 *   invoice past its date is unpaid, not overdue, since the customer never got it;
 * - estimates awaiting an answer: status sent (4);
 * - new booking requests: the header badge's count (new, not moved to the past list).
 */

export type DashboardVisitDay = { date: string; count: number };
export type DashboardFigures = {
  today: string;
  /** Sunday to Saturday, as the schedule's week view. */
  week: DashboardVisitDay[];
  visitsToday: number;
  visitsThisWeek: number;
  jobsByStatus: { status: number; label: string; count: number }[];
  revenue: {
    monthStart: string;
    previousMonthStart: string;
    thisMonthCents: number;
    previousMonthCents: number;
    /** Received by days of the month 1-7, 8-14, 15-21, 22-28, 29 to the end. */
    thisMonthBuckets: number[];
    previousMonthBuckets: number[];
    bucketLabels: readonly string[];
  };
  unpaid: {
    count: number;
    balanceCents: number;
    notSent: { count: number; balanceCents: number };
    sent: { count: number; balanceCents: number };
  };
  /** Sent invoices due before today (the invoices list's "Overdue" filter). */
  overdue: { count: number; balanceCents: number };
  estimatesAwaitingAnswer: number;
  newBookingRequests: number;
};

const REVENUE_BUCKET_LABELS = ["1–7", "8–14", "15–21", "22–28", "29+"] as const;

const bucketOf = (day: string) => Math.min(Math.floor((Number(day.slice(8, 10)) - 1) / 7), 4);

/** First day of the month of a 'YYYY-MM-DD', and of the month before and after. */
export function monthStarts(today: string) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const first = (shift: number) => new Date(Date.UTC(year, month + shift, 1)).toISOString().slice(0, 10);
  return { monthStart: first(0), previousMonthStart: first(-1), nextMonthStart: first(1) };
}

/** Visits (jobs' and estimates', not cancelled) starting in the range, as [day number from 1, count] pairs. */
function visitsPerDay(companyId: number, bounds: Date[]): SQL {
  const from = sql`${bounds[0].toISOString()}::timestamptz`;
  const to = sql`${bounds[bounds.length - 1].toISOString()}::timestamptz`;
  const starts = (table: typeof jobs | typeof estimates, cancelled: number) =>
    sql`select ${table.startTime} as start_time from ${table} where ${table.companyId} = ${companyId}
      and ${table.startTime} >= ${from} and ${table.startTime} < ${to} and ${table.status} <> ${cancelled}`;
  const thresholds = `{${bounds.map((b) => b.toISOString()).join(",")}}`;
  // The thresholds in a subquery: read once, not parsed again for each of the week's visits (the
  // cast to timestamptz is not immutable, so written in place it runs per row: 1.8 against 1.1 ms
  // for the 1,500 visits of a week at 200,000 jobs).
  return sql`(select json_agg(json_build_array(day, visits)) from (
    select width_bucket(v.start_time, (select ${thresholds}::timestamptz[])) as day, count(*)::int as visits
    from (${starts(jobs, JobStatus.Cancelled)} union all ${starts(estimates, EstimateStatus.Cancelled)}) v group by 1) d)`;
}

/** The figures' one query (exported for its EXPLAIN). */
export function dashboardQuery({
  companyId,
  today,
  bounds,
  previousMonthStart,
  nextMonthStart,
}: {
  companyId: number;
  today: string;
  bounds: Date[];
  previousMonthStart: string;
  nextMonthStart: string;
}) {
  return db
    .select({
      jobs: sql<
        [number, number][] | null
      >`(select json_agg(json_build_array(${jobStatusCounts.status}, ${jobStatusCounts.count}))
        from ${jobStatusCounts} where ${jobStatusCounts.companyId} = ${companyId})`,
      estimatesSent: sql<number>`(select coalesce(sum(${estimateStatusCounts.count}), 0)::int from ${estimateStatusCounts}
        where ${estimateStatusCounts.companyId} = ${companyId} and ${estimateStatusCounts.status} = ${EstimateStatus.Sent})`,
      invoices: sql<[number, number, number, number][] | null>`(select json_agg(json_build_array(
          ${invoiceStatusTotals.status}, ${invoiceStatusTotals.count}, ${invoiceStatusTotals.totalCents}, ${invoiceStatusTotals.paidCents}))
        from ${invoiceStatusTotals} where ${invoiceStatusTotals.companyId} = ${companyId}
          and ${invoiceStatusTotals.status} in (${InvoiceStatus.NotSent}, ${InvoiceStatus.Sent}))`,
      // Sent and not yet due: one rollup row per due date from today on, however many invoices.
      notDue: sql<
        [number, number]
      >`(select json_build_array(coalesce(sum(${invoiceDueDays.count}), 0), coalesce(sum(${invoiceDueDays.balanceCents}), 0))
        from ${invoiceDueDays} where ${invoiceDueDays.companyId} = ${companyId} and ${invoiceDueDays.status} = ${InvoiceStatus.Sent}
          and ${invoiceDueDays.day} >= ${today}::date)`,
      payments: sql<
        [string, number][] | null
      >`(select json_agg(json_build_array(${paymentDays.day}, ${paymentDays.amountCents}))
        from ${paymentDays} where ${paymentDays.companyId} = ${companyId}
          and ${paymentDays.day} >= ${previousMonthStart}::date and ${paymentDays.day} < ${nextMonthStart}::date)`,
      visits: sql<[number, number][] | null>`${visitsPerDay(companyId, bounds)}`,
      // The header badge's figure (countNewRequests): new and not moved to the past list.
      newRequests: sql<number>`(select count(*)::int from ${bookingRequests} where ${bookingRequests.companyId} = ${companyId}
        and ${bookingRequests.status} = ${BookingRequestStatus.New} and ${bookingRequests.isPast} = false)`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
}

/** The dashboard of the caller's company, with today in its time zone. */
export async function dashboardFigures(
  ctx: CallerContext,
  timezone: string,
  now = new Date(),
): Promise<DashboardFigures> {
  const companyId = ctx.companyId;
  const today = todayIn(timezone, now);
  const days = visibleDays("week", today);
  const bounds = [...days, addDays(days[days.length - 1], 1)].map((d) => midnightIn(d, timezone));
  const { monthStart, previousMonthStart, nextMonthStart } = monthStarts(today);

  const [row] = await dashboardQuery({ companyId, today, bounds, previousMonthStart, nextMonthStart });

  const perDay = new Map((row?.visits ?? []).map(([day, visits]) => [Number(day), Number(visits)]));
  const week = days.map((date, i) => ({ date, count: perDay.get(i + 1) ?? 0 }));

  const jobCounts = new Map((row?.jobs ?? []).map(([status, count]) => [Number(status), Number(count)]));
  const jobsByStatus = JOB_STATUSES.map((status) => ({
    status,
    label: jobStatusLabels[status],
    count: jobCounts.get(status) ?? 0,
  }));

  const invoiceTotals = new Map(
    (row?.invoices ?? []).map(([status, count, total, paid]) => [
      Number(status),
      { count: Number(count), balanceCents: Number(total) - Number(paid) },
    ]),
  );
  const notSent = invoiceTotals.get(InvoiceStatus.NotSent) ?? { count: 0, balanceCents: 0 };
  const sent = invoiceTotals.get(InvoiceStatus.Sent) ?? { count: 0, balanceCents: 0 };
  const [notDueCount, notDueCents] = row?.notDue ?? [0, 0];

  const thisMonthBuckets = [0, 0, 0, 0, 0];
  const previousMonthBuckets = [0, 0, 0, 0, 0];
  for (const [day, amount] of row?.payments ?? []) {
    const buckets = day >= monthStart ? thisMonthBuckets : previousMonthBuckets;
    buckets[bucketOf(day)] += Number(amount);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  return {
    today,
    week,
    visitsToday: week.find((d) => d.date === today)?.count ?? 0,
    visitsThisWeek: sum(week.map((d) => d.count)),
    jobsByStatus,
    revenue: {
      monthStart,
      previousMonthStart,
      thisMonthCents: sum(thisMonthBuckets),
      previousMonthCents: sum(previousMonthBuckets),
      thisMonthBuckets,
      previousMonthBuckets,
      bucketLabels: REVENUE_BUCKET_LABELS,
    },
    unpaid: {
      count: notSent.count + sent.count,
      balanceCents: notSent.balanceCents + sent.balanceCents,
      notSent,
      sent,
    },
    overdue: { count: sent.count - Number(notDueCount), balanceCents: sent.balanceCents - Number(notDueCents) },
    estimatesAwaitingAnswer: Number(row?.estimatesSent ?? 0),
    newBookingRequests: Number(row?.newRequests ?? 0),
  };
}
