import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, sum } from "drizzle-orm";
import { db } from "~/db.server";
import { bookingRequests, customerAddresses, customerServicePlans, estimates, invoices, jobs } from "~/db/schema";
import { EstimateApproval, EstimateStatus } from "~/models/estimates/estimates.schema";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { JobStatus } from "~/models/jobs/jobs.schema";

/**
 * What a customer sees of their own records in the portal. Every query names the company and the
 * customer of the portal session together (`PortalOwner`), so another customer's or another
 * company's rows never match; lists read one page through the (company, customer, ...) indexes.
 */
export type PortalOwner = { companyId: number; customerId: number };

export const PORTAL_PAGE_SIZE = 20;

/** A page number from the query string: 1 unless a positive whole number up to 10,000. */
export function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

const offsetOf = (page: number) => (page - 1) * PORTAL_PAGE_SIZE;

/** One page plus whether another follows (one row more is read, never a count of the whole list). */
function paged<T>(rows: T[], page: number) {
  return { items: rows.slice(0, PORTAL_PAGE_SIZE), page, hasMore: rows.length > PORTAL_PAGE_SIZE };
}

// ---- Visits (jobs) ------------------------------------------------------------------------------

const visitColumns = {
  id: jobs.id,
  name: jobs.name,
  status: jobs.status,
  startTime: jobs.startTime,
  endTime: jobs.endTime,
  isAllDay: jobs.isAllDay,
  location: jobs.location,
  unitNumber: jobs.unitNumber,
  publicToken: jobs.publicToken,
};
export type PortalVisit = {
  id: number;
  name: string | null;
  status: number;
  startTime: Date | null;
  endTime: Date | null;
  isAllDay: boolean;
  location: string | null;
  unitNumber: string | null;
  publicToken: string;
};

const ownJobs = (o: PortalOwner) => and(eq(jobs.companyId, o.companyId), eq(jobs.customerId, o.customerId));
/** A visit still to come: not cancelled, finished or paid. */
const openVisit = () => inArray(jobs.status, [0, 1, 2, 3, 7]);

/** The next scheduled visit from now on, or null. */
export async function nextVisit(o: PortalOwner, now = new Date()): Promise<PortalVisit | null> {
  const [row] = await db
    .select(visitColumns)
    .from(jobs)
    .where(and(ownJobs(o), gte(jobs.startTime, now), ne(jobs.status, JobStatus.Cancelled)))
    .orderBy(asc(jobs.startTime), asc(jobs.id))
    .limit(1);
  return row ?? null;
}

/**
 * The visits page: upcoming ones (from now on, soonest first), the ones not scheduled yet, and the
 * past ones (newest first), the past paged.
 */
export async function listVisits(o: PortalOwner, page: number, now = new Date()) {
  const [upcoming, unscheduled, past] = await Promise.all([
    page === 1
      ? db
          .select(visitColumns)
          .from(jobs)
          .where(and(ownJobs(o), gte(jobs.startTime, now)))
          .orderBy(asc(jobs.startTime), asc(jobs.id))
          .limit(50)
      : Promise.resolve([]),
    page === 1
      ? db
          .select(visitColumns)
          .from(jobs)
          .where(and(ownJobs(o), isNull(jobs.startTime), openVisit()))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(20)
      : Promise.resolve([]),
    db
      .select(visitColumns)
      .from(jobs)
      .where(and(ownJobs(o), lt(jobs.startTime, now)))
      .orderBy(desc(jobs.startTime), desc(jobs.id))
      .limit(PORTAL_PAGE_SIZE + 1)
      .offset(offsetOf(page)),
  ]);
  return { upcoming, unscheduled, past: paged(past, page) };
}

// ---- Estimates ----------------------------------------------------------------------------------

/** Estimates the company sent to the customer (drafts and cancelled ones are the office's). */
const ownSentEstimates = (o: PortalOwner) =>
  and(
    eq(estimates.companyId, o.companyId),
    eq(estimates.customerId, o.customerId),
    isNotNull(estimates.sentAt),
    ne(estimates.status, EstimateStatus.Cancelled),
  );
/** Waiting for the customer's answer: what the approval page still accepts. */
const openEstimate = () =>
  and(eq(estimates.status, EstimateStatus.Sent), eq(estimates.approval, EstimateApproval.Pending));

const estimateColumns = {
  id: estimates.id,
  number: estimates.number,
  name: estimates.name,
  status: estimates.status,
  approval: estimates.approval,
  totalCents: estimates.totalCents,
  sentAt: estimates.sentAt,
  publicToken: estimates.publicToken,
};
export type PortalEstimate = {
  id: number;
  number: number;
  name: string | null;
  status: number;
  approval: number;
  totalCents: number;
  sentAt: Date | null;
  publicToken: string;
};

export const isOpenEstimate = (e: { status: number; approval: number }) =>
  e.status === EstimateStatus.Sent && e.approval === EstimateApproval.Pending;

export async function listEstimates(o: PortalOwner, page: number) {
  const rows = await db
    .select(estimateColumns)
    .from(estimates)
    .where(ownSentEstimates(o))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(PORTAL_PAGE_SIZE + 1)
    .offset(offsetOf(page));
  return paged(rows, page);
}

/** Estimates waiting for an answer: how many, and the newest few. */
export async function openEstimates(o: PortalOwner, limit = 3) {
  const where = and(ownSentEstimates(o), openEstimate());
  const [rows, [total]] = await Promise.all([
    db
      .select(estimateColumns)
      .from(estimates)
      .where(where)
      .orderBy(desc(estimates.createdAt), desc(estimates.id))
      .limit(limit),
    db.select({ n: count() }).from(estimates).where(where),
  ]);
  return { items: rows, count: total?.n ?? 0 };
}

// ---- Invoices -----------------------------------------------------------------------------------

/** Invoices the customer was sent or has paid (unsent drafts and written-off ones are the office's). */
const ownInvoices = (o: PortalOwner) =>
  and(
    eq(invoices.companyId, o.companyId),
    eq(invoices.customerId, o.customerId),
    inArray(invoices.status, [InvoiceStatus.Sent, InvoiceStatus.Paid]),
  );
const unpaid = () => and(eq(invoices.status, InvoiceStatus.Sent), sql`${invoices.totalCents} > ${invoices.paidCents}`);

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  paidAt: invoices.paidAt,
  publicToken: invoices.publicToken,
};
export type PortalInvoice = {
  id: number;
  number: number;
  status: number;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  paidCents: number;
  paidAt: Date | null;
  publicToken: string;
};

export async function listInvoices(o: PortalOwner, page: number) {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(ownInvoices(o))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(PORTAL_PAGE_SIZE + 1)
    .offset(offsetOf(page));
  return paged(rows, page);
}

/** Invoices with a balance due: how many, the sum due (cents) and the oldest few. */
export async function unpaidInvoices(o: PortalOwner, limit = 3) {
  const where = and(ownInvoices(o), unpaid());
  const [rows, [total]] = await Promise.all([
    db.select(invoiceColumns).from(invoices).where(where).orderBy(asc(invoices.dueDate), asc(invoices.id)).limit(limit),
    db
      .select({ n: count(), due: sum(sql`${invoices.totalCents} - ${invoices.paidCents}`) })
      .from(invoices)
      .where(where),
  ]);
  return { items: rows, count: total?.n ?? 0, dueCents: Number(total?.due ?? 0) };
}

// ---- Service plans ------------------------------------------------------------------------------

export type PortalPlan = {
  id: number;
  name: string;
  status: number;
  totalPriceCents: number;
  location: string | null;
  startDate: string;
  publicToken: string;
};

export async function listServicePlans(o: PortalOwner, page: number) {
  const rows = await db
    .select({
      id: customerServicePlans.id,
      name: customerServicePlans.name,
      status: customerServicePlans.status,
      totalPriceCents: customerServicePlans.totalPriceCents,
      location: customerServicePlans.location,
      startDate: customerServicePlans.startDate,
      publicToken: customerServicePlans.publicToken,
    })
    .from(customerServicePlans)
    .where(and(eq(customerServicePlans.companyId, o.companyId), eq(customerServicePlans.customerId, o.customerId)))
    .orderBy(desc(customerServicePlans.createdAt), desc(customerServicePlans.id))
    .limit(PORTAL_PAGE_SIZE + 1)
    .offset(offsetOf(page));
  return paged(rows, page);
}

// ---- Booking requests ---------------------------------------------------------------------------

/** The customer's own request stored under a form key (the confirmation after "Request work"), or null. */
export async function findOwnRequest(o: PortalOwner, submissionKey: string) {
  const [row] = await db
    .select({
      status: bookingRequests.status,
      serviceName: bookingRequests.serviceName,
      startTime: bookingRequests.startTime,
      endTime: bookingRequests.endTime,
      location: bookingRequests.location,
      unitNumber: bookingRequests.unitNumber,
      notes: bookingRequests.notes,
    })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.companyId, o.companyId),
        eq(bookingRequests.customerId, o.customerId),
        eq(bookingRequests.submissionKey, submissionKey),
      ),
    );
  return row ?? null;
}

/** The customer's first property (billing first): what "Request work" fills the address with. */
export async function defaultAddress(o: PortalOwner) {
  const [row] = await db
    .select({ location: customerAddresses.location, unitNumber: customerAddresses.unitNumber })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.companyId, o.companyId), eq(customerAddresses.customerId, o.customerId)))
    .orderBy(desc(customerAddresses.isBilling), asc(customerAddresses.position), asc(customerAddresses.id))
    .limit(1);
  return row ?? null;
}
