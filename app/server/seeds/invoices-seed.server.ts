import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { invoices, jobs } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { InvoiceStatus, PaymentMethod } from "~/models/invoices/invoices.schema";
import { createInvoiceFromJob } from "~/models/invoices/invoices.server";
import { recordInvoicePayment } from "~/models/invoices/payments.server";

const DAY_MS = 86_400_000;
const METHODS = [PaymentMethod.Card, PaymentMethod.Card, PaymentMethod.Check, PaymentMethod.Cash];

/**
 * The demo company's invoices, so that its dashboard and reports have months to show: every
 * finished or paid job of the last `months` gets an invoice issued the day it ended (through the
 * invoice model, numbered in order); paid jobs are paid one to five days later, in full or (one in
 * five) in two parts; of the finished ones, the older are sent and overdue, the most recent not
 * sent. Written as the office would have, then dated back: no message goes out.
 */
export async function seedInvoices(ctx: CallerContext, options: { months: number; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const seeding = new Date();
  const since = new Date(now.getTime() - options.months * 30 * DAY_MS);
  const done = await db
    .select({ id: jobs.id, status: jobs.status, endTime: jobs.endTime })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, ctx.companyId),
        inArray(jobs.status, [JobStatus.Finished, JobStatus.Paid]),
        gte(jobs.endTime, since),
        lt(jobs.endTime, now),
      ),
    )
    .orderBy(asc(jobs.endTime), asc(jobs.id));
  let made = 0;
  for (const [i, job] of done.entries()) {
    const issued = job.endTime!;
    const invoice = await createInvoiceFromJob(ctx, job.id, issued);
    if (!invoice?.created) continue;
    made++;
    await db.update(invoices).set({ createdAt: issued, updatedAt: issued }).where(eq(invoices.id, invoice.id));
    const age = now.getTime() - issued.getTime();
    if (job.status === JobStatus.Finished && age < 10 * DAY_MS) continue; // not sent yet
    const sentAt = new Date(issued.getTime() + 2 * 3_600_000);
    await db
      .update(invoices)
      .set({ status: InvoiceStatus.Sent, sentAt, sentChannel: 1 })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, InvoiceStatus.NotSent)));
    if (job.status !== JobStatus.Paid) continue;
    const paidAt = new Date(Math.min(issued.getTime() + (1 + (i % 5)) * DAY_MS, now.getTime() - 3_600_000));
    const [{ totalCents }] = await db
      .select({ totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    const parts = i % 5 === 0 ? [Math.round(totalCents / 2), totalCents - Math.round(totalCents / 2)] : [totalCents];
    for (const [p, amountCents] of parts.entries())
      await recordInvoicePayment({
        companyId: ctx.companyId,
        invoiceId: invoice.id,
        method: METHODS[(i + p) % METHODS.length],
        amountCents,
        idempotencyKey: `demo-seed:${invoice.id}:${p}`,
        recordedByUserId: ctx.userId,
        paidAt: new Date(paidAt.getTime() - (parts.length - 1 - p) * DAY_MS),
      });
  }
  // The events the models wrote just now (payments, a job becoming paid) take the time they are dated at.
  await db.execute(sql`
    update invoice_timeline_events e set at = coalesce(i.paid_at, i.sent_at, i.created_at)
    from invoices i where i.id = e.invoice_id and e.company_id = ${ctx.companyId} and e.at >= ${seeding}`);
  await db.execute(sql`
    update job_timeline_events e set at = coalesce(i.paid_at, i.sent_at, i.created_at)
    from invoices i where i.job_id = e.job_id and e.company_id = ${ctx.companyId} and e.at >= ${seeding}`);
  return made;
}
