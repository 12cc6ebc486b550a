import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { customerServicePlans, invoices, jobs, jobTimelineEvents, servicePlanCharges, users } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { ADMIN_ROLES, Role } from "~/access/roles";
import type { StripeSettings } from "~/services/payments.server";
import { RuleError } from "~/models/rules";
import { createJob } from "~/models/jobs/jobs.server";
import { ActorType, JobStatus, OPEN_VISIT_STATUSES, TimelineEvent } from "~/models/jobs/jobs.schema";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { createInvoice } from "~/models/invoices/invoices.server";
import { LINE_NAME_MAX, LineItemKind } from "~/models/line-items/line-items.schema";
import { lineInputOf } from "~/models/line-items/line-rows.server";
import { nudgeDispatcher, syncReminders } from "~/models/messaging/automatic.server";
import {
  ChargeMode,
  InvoiceTiming,
  PlanStatus,
  hasPeriod,
  paymentCount,
  periodAmountCents,
  periodDueAt,
  visitCount,
  visitDate,
  type PaymentScheduleValue,
} from "~/models/service-plans/plan-terms";
import { runPendingCharges } from "~/models/service-plans/plan-charges.server";
import { queuePlanInvoice } from "~/models/service-plans/plan-messages.server";
import { dayjs } from "~/utils/format";

/**
 * The running side of a sold service plan (docs/decisions/058-service-plans.md): the two cursors
 * (next visit, next billing period), the visit jobs they create, and what cancelling or moving the
 * billing date does to them. Each cursor moves only in the transaction that created its record, and
 * the plan row is locked there, so a visit or a period is created once.
 */

export type PlanRow = typeof customerServicePlans.$inferSelect;

/** How far ahead visits become jobs. */
export const VISIT_HORIZON_MONTHS = 12;

/** The sold plan's row, locked for the caller's transaction. */
async function lockPlan(tx: Executor, planId: number): Promise<PlanRow | null> {
  const [plan] = await tx
    .select()
    .from(customerServicePlans)
    .where(eq(customerServicePlans.id, planId))
    .limit(1)
    .for("update");
  return plan ?? null;
}

/** The plan's terms as plan-terms.ts reads them. */
export const planTerms = (plan: PlanRow) => ({
  totalPriceCents: plan.totalPriceCents,
  paymentSchedule: plan.paymentSchedule as PaymentScheduleValue,
  durationMonths: plan.durationMonths,
});

/** The instant period `period` of a plan whose billing has started falls due. */
export const planPeriodDueAt = (plan: PlanRow & { billingStartAt: Date }, period: number) =>
  periodDueAt(
    {
      billingStartAt: plan.billingStartAt,
      billingAnchorPeriod: plan.billingAnchorPeriod,
      timezone: plan.timezone,
      paymentSchedule: plan.paymentSchedule as PaymentScheduleValue,
    },
    period,
  );

/** When period `period` is due, or null when the plan has no such period (or billing has not started). */
export function nextDueAt(plan: PlanRow, period: number): Date | null {
  if (!plan.billingStartAt || !hasPeriod(planTerms(plan), period)) return null;
  return planPeriodDueAt({ ...plan, billingStartAt: plan.billingStartAt }, period);
}

/** The date of visit `visit`, or null when the plan has no such visit. */
function nextVisitDateOf(plan: PlanRow, visit: number): string | null {
  const perYear = plan.visits.length;
  if (perYear === 0) return null;
  const count = visitCount(perYear, plan.durationMonths);
  if (count !== null && visit >= count) return null;
  return visitDate(plan.startDate, perYear, visit);
}

/**
 * Who the run acts as on the company's records (a visit job's creator and timeline): the employee
 * who sold the plan, or else the company's first admin.
 */
async function runnerContext(exec: Executor, plan: PlanRow, known?: Runners): Promise<CallerContext> {
  const key = `${plan.companyId}:${plan.createdByUserId}`;
  const cached = known?.get(key);
  if (cached) return cached;
  const [user] = await exec
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, plan.companyId),
        isNull(users.deletedAt),
        plan.createdByUserId
          ? or(eq(users.id, plan.createdByUserId), inArray(users.role, [...ADMIN_ROLES]))
          : inArray(users.role, [...ADMIN_ROLES]),
      ),
    )
    .orderBy(sql`${users.id} = ${plan.createdByUserId ?? 0} desc`, asc(users.id))
    .limit(1);
  if (!user) throw new Error(`Company ${plan.companyId} has no employee to run service plan ${plan.id} as`);
  const ctx: CallerContext = { companyId: plan.companyId, userId: user.id, role: Role.CompanyAdmin };
  known?.set(key, ctx);
  return ctx;
}

/** The run's answers of runnerContext, by company and seller (one query each per run, not per plan). */
type Runners = Map<string, CallerContext>;

/** The last day visits are created for: 12 months from today in the plan's zone. */
const visitHorizon = (plan: PlanRow, now: Date) =>
  dayjs(now).tz(plan.timezone).add(VISIT_HORIZON_MONTHS, "month").format("YYYY-MM-DD");

/**
 * Creates the plan's visit jobs due within the horizon and moves the visit cursor past them, in the
 * caller's transaction on the locked plan row. Each is prescheduled 09:00-10:00 in the plan's zone,
 * with no employee, the plan's property and the visit's line items and description from the sold
 * plan's copy. Returns how many were created.
 */
async function createDueVisits(tx: Executor, plan: PlanRow, now: Date, runners?: Runners): Promise<number> {
  const horizon = visitHorizon(plan, now);
  let number = plan.nextVisitNumber;
  let date = plan.nextVisitDate;
  let created = 0;
  let ctx: CallerContext | null = null;
  while (date !== null && date <= horizon) {
    ctx ??= await runnerContext(tx, plan, runners);
    await createVisitJob(tx, ctx, plan, number, date, now);
    created++;
    number++;
    date = nextVisitDateOf(plan, number);
  }
  if (created > 0)
    await tx
      .update(customerServicePlans)
      .set({ nextVisitNumber: number, nextVisitDate: date, updatedAt: now })
      .where(eq(customerServicePlans.id, plan.id));
  return created;
}

async function createVisitJob(
  tx: Executor,
  ctx: CallerContext,
  plan: PlanRow,
  number: number,
  date: string,
  now: Date,
): Promise<number> {
  const visit = plan.visits[number % plan.visits.length];
  const start = dayjs.tz(`${date}T09:00:00`, plan.timezone).toDate();
  const { id } = await createJob(
    ctx,
    {
      customerId: plan.customerId,
      customerAddressId: plan.customerAddressId ?? undefined,
      location: plan.location ?? undefined,
      name: `${plan.name}: visit ${number + 1}`,
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 60_000),
      timezone: plan.timezone,
      jobStatus: JobStatus.Prescheduled,
      employeeIds: [],
      // The sale's copy of the visits keeps no line images (soldTermsOf), so the job's lines have none.
      lineItems: visit.lineItems.map((line) => lineInputOf({ ...line, imageUrl: null })),
      taxRate: plan.taxRate,
      discount: 0,
      tags: [],
      servicePlanVisitDescription: visit.visitDescription ?? undefined,
    },
    now,
    tx,
  );
  await tx.update(jobs).set({ customerServicePlanId: plan.id, servicePlanVisitNumber: number }).where(eq(jobs.id, id));
  return id;
}

/**
 * Called (by the selling side) in the transaction that made the plan active: sets both cursors and
 * creates the visits due within the horizon. Billing "on a specific date" starts at the
 * billingStartAt stored at the sale (default: the sale day, 09:00 in the plan's zone); "after the
 * job is finished" waits for the first visit's job (startBillingAfterVisit, plan-visits.server.ts).
 */
export async function activatePlan(tx: Executor, planId: number, now: Date): Promise<void> {
  const plan = await lockPlan(tx, planId);
  if (!plan || plan.status !== PlanStatus.Active) return;
  const billingStartAt =
    plan.invoiceTiming === InvoiceTiming.OnDate
      ? (plan.billingStartAt ?? dayjs.tz(`${plan.startDate}T09:00:00`, plan.timezone).toDate())
      : null;
  const started: PlanRow = {
    ...plan,
    billingStartAt,
    billingAnchorPeriod: 0,
    nextBillingPeriod: 0,
    nextVisitNumber: 0,
    nextVisitDate: nextVisitDateOf(plan, 0),
  };
  const nextBillingAt = nextDueAt(started, 0);
  await tx
    .update(customerServicePlans)
    .set({
      billingStartAt,
      billingAnchorPeriod: 0,
      nextBillingPeriod: 0,
      nextBillingAt,
      nextVisitNumber: 0,
      nextVisitDate: started.nextVisitDate,
      updatedAt: now,
    })
    .where(eq(customerServicePlans.id, plan.id));
  await createDueVisits(tx, { ...started, nextBillingAt }, now);
}

/** The plan's visit jobs that have not started and are not in the past: what cancelling cancels. */
const futureVisitsOf = (companyId: number, planId: number, now: Date) =>
  and(
    eq(jobs.companyId, companyId),
    eq(jobs.customerServicePlanId, planId),
    inArray(jobs.status, [...OPEN_VISIT_STATUSES]),
    or(isNull(jobs.startTime), gte(jobs.startTime, now)),
  );

export type CancelPreview = {
  futureVisits: { id: number; startTime: string | null; title: string }[];
  openInvoices: { id: number; number: number; balanceCents: number }[];
};

/** What cancelling the plan does: the future visits it cancels and the issued invoices that stay due. */
export async function cancelPreview(ctx: CallerContext, planId: number, now = new Date()): Promise<CancelPreview> {
  const [visits, open] = await Promise.all([
    db
      .select({ id: jobs.id, startTime: jobs.startTime, title: jobs.name })
      .from(jobs)
      .where(futureVisitsOf(ctx.companyId, planId, now))
      .orderBy(asc(jobs.startTime), asc(jobs.id)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, ctx.companyId),
          eq(invoices.customerServicePlanId, planId),
          ne(invoices.status, InvoiceStatus.Paid),
          ne(invoices.status, InvoiceStatus.Uncollectible),
        ),
      )
      .orderBy(asc(invoices.billingPeriod)),
  ]);
  return {
    futureVisits: visits.map((v) => ({
      id: v.id,
      startTime: v.startTime?.toISOString() ?? null,
      title: v.title ?? "",
    })),
    openInvoices: open
      .map((i) => ({ id: i.id, number: i.number, balanceCents: Math.max(0, i.totalCents - i.paidCents) }))
      .filter((i) => i.balanceCents > 0),
  };
}

/**
 * In the cancel's transaction (the selling side sets status 4): cancels the plan's future visit jobs
 * that have not started, on their timelines, and stops both cursors. Issued invoices stay as they are.
 */
export async function cancelPlanWork(tx: Executor, planId: number, now: Date): Promise<void> {
  const plan = await lockPlan(tx, planId);
  if (!plan) return;
  const cancelled = await tx
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(futureVisitsOf(plan.companyId, plan.id, now))
    .for("update");
  if (cancelled.length > 0) {
    const ids = cancelled.map((j) => j.id);
    await tx
      .update(jobs)
      .set({ status: JobStatus.Cancelled, updatedAt: now })
      .where(and(eq(jobs.companyId, plan.companyId), inArray(jobs.id, ids)));
    await tx.insert(jobTimelineEvents).values(
      cancelled.map((job) => ({
        companyId: plan.companyId,
        jobId: job.id,
        type: TimelineEvent.Cancelled,
        actorType: ActorType.System,
        fromStatus: job.status,
        toStatus: JobStatus.Cancelled,
        reason: "Service plan cancelled",
        at: now,
      })),
    );
    await syncReminders(tx, plan.companyId, ids, now);
  }
  await tx
    .update(customerServicePlans)
    .set({ nextBillingAt: null, nextVisitDate: null, updatedAt: now })
    .where(eq(customerServicePlans.id, plan.id));
}

/**
 * Changes the billing date of a running plan: the next period falls due at `newDueAt` and the periods
 * after it follow from there (billing_anchor_period). A date in the past is refused.
 */
export async function moveBillingDate(tx: Executor, planId: number, newDueAt: Date, now = new Date()): Promise<void> {
  if (newDueAt.getTime() <= now.getTime()) throw new RuleError({ billingDate: "Choose a date in the future." });
  const plan = await lockPlan(tx, planId);
  if (!plan) return;
  if (!hasPeriod(planTerms(plan), plan.nextBillingPeriod))
    throw new RuleError({ billingDate: "The plan has no payments left to bill." });
  await tx
    .update(customerServicePlans)
    .set({
      billingAnchorPeriod: plan.nextBillingPeriod,
      billingStartAt: newDueAt,
      nextBillingAt: newDueAt,
      updatedAt: now,
    })
    .where(eq(customerServicePlans.id, plan.id));
}

// ---------------------------------------------------------------- the background run

export type RunOptions = {
  now?: Date;
  /** Plans read per batch (each is then taken in its own transaction). */
  batchSize?: number;
  /** Stripe settings for automatic charges; default: the configured ones. */
  settings?: StripeSettings | null;
};

export type RunReport = { visits: number; invoices: number; charged: number; chargesFailed: number };

/**
 * One run of the service plans (hourly, on every instance): the visits now within the horizon,
 * the billing periods now due, then the pending automatic charges. Safe to run twice at once or
 * again after a crash: every plan is taken with FOR UPDATE SKIP LOCKED in its own transaction,
 * whose cursor moves only with the records it created (unique per plan and period / visit number),
 * and every charge is claimed before Stripe is called, with the invoice's idempotency key.
 */
export async function runServicePlans(options: RunOptions = {}): Promise<RunReport> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 100;
  const runners: Runners = new Map();
  const visits = await eachDuePlan(
    and(
      eq(customerServicePlans.status, PlanStatus.Active),
      sql`${customerServicePlans.nextVisitDate} <= ${roughHorizon(now)}::date`,
    )!,
    batchSize,
    (tx, plan) => createDueVisits(tx, plan, now, runners),
  );
  let queued = false;
  const invoiceCount = await eachDuePlan(
    and(eq(customerServicePlans.status, PlanStatus.Active), lte(customerServicePlans.nextBillingAt, now))!,
    batchSize,
    async (tx, plan) => {
      const billed = await billDuePeriods(tx, plan, now, runners);
      queued ||= billed.queued;
      return billed.created;
    },
  );
  if (queued) nudgeDispatcher();
  const charges = await runPendingCharges({ now, batchSize, settings: options.settings });
  return { visits, invoices: invoiceCount, ...charges };
}

/** Every plan's own horizon is 12 months from its today; this one is a day later, for the first cut. */
const roughHorizon = (now: Date) =>
  dayjs.utc(now).add(VISIT_HORIZON_MONTHS, "month").add(1, "day").format("YYYY-MM-DD");

/**
 * The plans matching `due`, by id in batches, each taken again under FOR UPDATE SKIP LOCKED (and
 * `due` checked again) in its own transaction: a plan another instance holds is left to it, and one
 * it finished meanwhile is no longer due. A plan whose work fails is logged and left for the next run.
 */
async function eachDuePlan(
  due: SQL,
  batchSize: number,
  work: (tx: Executor, plan: PlanRow) => Promise<number>,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: customerServicePlans.id })
      .from(customerServicePlans)
      .where(and(due, gt(customerServicePlans.id, after)))
      .orderBy(asc(customerServicePlans.id))
      .limit(batchSize);
    for (const { id } of batch) {
      try {
        done += await db.transaction(async (tx) => {
          const [plan] = await tx
            .select()
            .from(customerServicePlans)
            .where(and(eq(customerServicePlans.id, id), due))
            .for("update", { skipLocked: true });
          return plan ? work(tx, plan) : 0;
        });
      } catch (error) {
        console.warn(`Service plan ${id} was not brought up to date: ${(error as Error).message}`);
      }
    }
    if (batch.length < batchSize) return done;
    after = batch[batch.length - 1].id;
  }
}

/** A line's name: "{plan}: payment 3 of 36", or "payment 3" until cancelled. */
export function paymentLineName(plan: PlanRow, period: number): string {
  const count = paymentCount(plan.paymentSchedule as PaymentScheduleValue, plan.durationMonths);
  return `${plan.name}: payment ${period + 1}${count === null ? "" : ` of ${count}`}`.slice(0, LINE_NAME_MAX);
}

/**
 * Invoices every period of the locked plan that is due by `now` (more than one after the run was
 * down) and moves the billing cursor past them, in the caller's transaction.
 */
async function billDuePeriods(tx: Executor, plan: PlanRow, now: Date, runners: Runners) {
  let period = plan.nextBillingPeriod;
  let dueAt = plan.nextBillingAt;
  let created = 0;
  let queued = false;
  let ctx: CallerContext | null = null;
  while (dueAt !== null && dueAt <= now && hasPeriod(planTerms(plan), period)) {
    ctx ??= await runnerContext(tx, plan, runners);
    queued = (await createPeriodInvoice(tx, ctx, plan, period, dueAt, now)) || queued;
    created++;
    period++;
    dueAt = nextDueAt(plan, period);
  }
  await tx
    .update(customerServicePlans)
    .set({ nextBillingPeriod: period, nextBillingAt: dueAt, updatedAt: now })
    .where(eq(customerServicePlans.id, plan.id));
  return { created, queued };
}

/**
 * The invoice of one billing period through the invoices model (its number from invoice_counts):
 * one line with the period's amount, taxable when the plan has a tax rate, issued on the period's
 * date. A manual plan's invoice is sent (the message through the outbox); an automatic plan's gets
 * its charge row. Returns whether a message was queued.
 */
async function createPeriodInvoice(
  tx: Executor,
  ctx: CallerContext,
  plan: PlanRow,
  period: number,
  dueAt: Date,
  now: Date,
): Promise<boolean> {
  const manual = plan.chargeMode === ChargeMode.Manual;
  const { id } = await createInvoice(
    ctx,
    {
      customerId: plan.customerId,
      customerAddressId: plan.customerAddressId ?? undefined,
      issueDate: dayjs(dueAt).tz(plan.timezone).format("YYYY-MM-DD"),
      taxRate: plan.taxRate,
      discount: 0,
      lineItems: [
        {
          kind: LineItemKind.Service,
          name: paymentLineName(plan, period),
          quantity: 1,
          unitPrice: periodAmountCents(planTerms(plan), period),
          cost: 0,
          isTaxable: plan.taxRate > 0,
        },
      ],
    },
    now,
    tx,
  );
  const [invoice] = await tx
    .update(invoices)
    .set({
      customerServicePlanId: plan.id,
      billingPeriod: period,
      status: manual ? InvoiceStatus.Sent : InvoiceStatus.NotSent,
    })
    .where(eq(invoices.id, id))
    .returning({ totalCents: invoices.totalCents });
  if (manual) return queuePlanInvoice(tx, plan.companyId, id, now);
  await tx.insert(servicePlanCharges).values({
    companyId: plan.companyId,
    invoiceId: id,
    customerServicePlanId: plan.id,
    amountCents: invoice.totalCents,
    idempotencyKey: `plan-charge:${id}`,
  });
  return false;
}
