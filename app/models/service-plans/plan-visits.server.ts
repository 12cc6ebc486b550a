import { and, eq, gt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { customerServicePlans, jobs } from "~/db/schema";
import { InvoiceTiming, PlanStatus, hasPeriod, periodDueAt, type PaymentScheduleValue } from "./plan-terms";

/**
 * What the jobs model asks of a plan when one of its visit jobs changes (kept apart from the run,
 * which creates jobs through the jobs model, so that neither imports the other).
 * docs/decisions/058-service-plans.md
 */

/** Job statuses (jobs.schema.ts) a visit is done in: finished 4, paid 5, cancelled 6. */
const DONE_STATUSES = [4, 5, 6];

/**
 * A plan visit's job was finished (in the status change's transaction): a plan billed "after the
 * job is finished" whose billing has not started starts it at that instant, and its first period
 * falls due then.
 */
export async function startBillingAfterVisit(tx: Executor, planId: number, finishedAt: Date): Promise<void> {
  const [plan] = await tx.select().from(customerServicePlans).where(eq(customerServicePlans.id, planId)).for("update");
  if (
    !plan ||
    plan.status !== PlanStatus.Active ||
    plan.invoiceTiming !== InvoiceTiming.AfterFirstVisit ||
    plan.billingStartAt !== null
  )
    return;
  const terms = {
    billingStartAt: finishedAt,
    billingAnchorPeriod: 0,
    timezone: plan.timezone,
    paymentSchedule: plan.paymentSchedule as PaymentScheduleValue,
    durationMonths: plan.durationMonths,
  };
  await tx
    .update(customerServicePlans)
    .set({
      billingStartAt: finishedAt,
      billingAnchorPeriod: 0,
      nextBillingPeriod: 0,
      nextBillingAt: hasPeriod(terms, 0) ? periodDueAt(terms, 0) : null,
      updatedAt: new Date(),
    })
    .where(eq(customerServicePlans.id, plan.id));
}

/**
 * PUT jobs/{id}/visit-description with affectSubscription on a plan visit: the sold plan's copy of
 * that visit (its position in the year) takes the description, so visits created later carry it,
 * and the jobs to update are this visit and the plan's later visits that are not finished. Returns
 * the condition on jobs, in the caller's transaction.
 */
export async function followPlanVisitDescription(
  tx: Executor,
  job: { id: number; companyId: number; customerServicePlanId: number; servicePlanVisitNumber: number | null },
  description: string | null,
): Promise<SQL> {
  const [plan] = await tx
    .select({ id: customerServicePlans.id, visits: customerServicePlans.visits })
    .from(customerServicePlans)
    .where(
      and(eq(customerServicePlans.id, job.customerServicePlanId), eq(customerServicePlans.companyId, job.companyId)),
    )
    .for("update");
  const number = job.servicePlanVisitNumber;
  if (!plan || number === null || plan.visits.length === 0) return eq(jobs.id, job.id);
  const position = number % plan.visits.length;
  const visits = plan.visits.map((v, i) => (i === position ? { ...v, visitDescription: description } : v));
  await tx
    .update(customerServicePlans)
    .set({ visits, updatedAt: new Date() })
    .where(eq(customerServicePlans.id, plan.id));
  return (
    or(
      eq(jobs.id, job.id),
      and(
        eq(jobs.customerServicePlanId, plan.id),
        gt(jobs.servicePlanVisitNumber, number),
        notInArray(jobs.status, DONE_STATUSES),
      ),
    ) ?? sql`false`
  );
}
