import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db.server";
import { bookingRequests, customers, estimates, invoicePayments, invoices, jobs } from "~/db/schema";
import { estimateStatusLabels } from "~/models/estimates/estimates.schema";
import { invoiceStatusLabels, paymentMethodLabels } from "~/models/invoices/invoices.schema";
import { jobStatusLabels } from "~/models/jobs/jobs.schema";
import type { WebhookEventType } from "~/models/webhooks/event-types";
import { recordWebhookEvent } from "~/models/webhooks/webhooks.server";

/**
 * One-line calls for the models: each reads its record as it is inside the caller's transaction
 * (only when an endpoint listens) and records the event with a small data object, money in cents.
 */
type Extra = Record<string, unknown>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function recordCustomerWebhook(tx: Executor, companyId: number, type: WebhookEventType, customerId: number) {
  return recordWebhookEvent(tx, companyId, type, async () => {
    const [c] = await tx
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        companyName: customers.ownCompanyName,
        email: customers.email,
        phone: customers.mainPhoneNumber,
      })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
    return c ?? null;
  });
}

export function recordJobWebhook(
  tx: Executor,
  companyId: number,
  type: WebhookEventType,
  jobId: number,
  extra: Extra = {},
) {
  return recordWebhookEvent(tx, companyId, type, async () => {
    const [j] = await tx
      .select({
        id: jobs.id,
        customerId: jobs.customerId,
        name: jobs.name,
        status: jobs.status,
        startTime: jobs.startTime,
        endTime: jobs.endTime,
        location: jobs.location,
        totalCents: jobs.totalCents,
        paidCents: jobs.paidCents,
      })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!j) return null;
    const status = jobStatusLabels[j.status as keyof typeof jobStatusLabels] ?? String(j.status);
    return { ...j, status, startTime: iso(j.startTime), endTime: iso(j.endTime), ...extra };
  });
}

export function recordEstimateWebhook(tx: Executor, companyId: number, type: WebhookEventType, estimateId: number) {
  return recordWebhookEvent(tx, companyId, type, async () => {
    const [e] = await tx
      .select({
        id: estimates.id,
        number: estimates.number,
        customerId: estimates.customerId,
        name: estimates.name,
        status: estimates.status,
        totalCents: estimates.totalCents,
        chosenOptionId: estimates.chosenOptionId,
      })
      .from(estimates)
      .where(and(eq(estimates.id, estimateId), eq(estimates.companyId, companyId)));
    if (!e) return null;
    return { ...e, status: estimateStatusLabels[e.status as keyof typeof estimateStatusLabels] ?? String(e.status) };
  });
}

export function recordInvoiceWebhook(tx: Executor, companyId: number, type: WebhookEventType, invoiceId: number) {
  return recordWebhookEvent(tx, companyId, type, async () => {
    const [i] = await tx
      .select({
        id: invoices.id,
        number: invoices.number,
        customerId: invoices.customerId,
        jobId: invoices.jobId,
        status: invoices.status,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        subtotalCents: invoices.subtotalCents,
        discountCents: invoices.discountCents,
        taxCents: invoices.taxCents,
        totalCents: invoices.totalCents,
        paidCents: invoices.paidCents,
      })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
    if (!i) return null;
    return {
      ...i,
      status: invoiceStatusLabels[i.status] ?? String(i.status),
      balanceCents: i.totalCents - i.paidCents,
    };
  });
}

export function recordPaymentWebhook(tx: Executor, companyId: number, paymentId: number) {
  return recordWebhookEvent(tx, companyId, "payment.created", async () => {
    const [p] = await tx
      .select({
        id: invoicePayments.id,
        invoiceId: invoicePayments.invoiceId,
        invoiceNumber: invoices.number,
        customerId: invoices.customerId,
        method: invoicePayments.method,
        amountCents: invoicePayments.amountCents,
        paidAt: invoicePayments.paidAt,
      })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.companyId, companyId)));
    if (!p) return null;
    return { ...p, method: paymentMethodLabels[p.method] ?? String(p.method), paidAt: iso(p.paidAt) };
  });
}

export function recordBookingRequestWebhook(tx: Executor, companyId: number, requestId: number) {
  return recordWebhookEvent(tx, companyId, "booking_request.created", async () => {
    const [r] = await tx
      .select({
        id: bookingRequests.id,
        customerId: bookingRequests.customerId,
        serviceName: bookingRequests.serviceName,
        startTime: bookingRequests.startTime,
        endTime: bookingRequests.endTime,
        firstName: bookingRequests.firstName,
        lastName: bookingRequests.lastName,
        email: bookingRequests.email,
        phone: bookingRequests.phone,
        location: bookingRequests.location,
      })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.companyId, companyId)));
    if (!r) return null;
    return { ...r, startTime: iso(r.startTime), endTime: iso(r.endTime) };
  });
}
