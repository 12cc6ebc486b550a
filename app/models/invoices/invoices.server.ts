import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  companies,
  companySettings,
  customerAddresses,
  customers,
  invoiceCounts,
  invoiceLineItems,
  invoicePayments,
  invoices,
  jobLineItems,
  jobs,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/api.server";
import { byCustomerName, pagedList } from "~/models/list-pages.server";
import { RuleError } from "~/models/rules";
import { JobStatus, TimelineEvent } from "~/models/jobs/jobs.schema";
import { liveCustomer, searchTsQuery } from "~/models/jobs/jobs.server";
import { ownLineImageUrl } from "~/models/line-items/line-items.server";
import { totalsLine, type LineItemInput } from "~/models/line-items/line-items.schema";
import { computeTotals } from "~/models/line-items/totals";
import { lineItemColumns } from "~/models/line-items/line-rows.server";
import { customerContact } from "~/models/visits/visit-records.server";
import {
  DEFAULT_DUE_DAYS,
  InvoiceStatus,
  OVERDUE_FILTER,
  type InvoiceCreateInput,
  type InvoiceSortField,
  type InvoiceUpdateInput,
} from "~/models/invoices/invoices.schema";
import { dayjs } from "~/utils/format";
import { cancelInvoiceFollowUps, scheduleInvoiceFollowUp } from "~/models/invoices/invoice-follow-ups.server";
import { recordInvoiceEvent } from "~/models/activity/invoice-timeline.server";
import { recordInvoiceWebhook } from "~/models/webhooks/event-data.server";

export { cancelInvoiceFollowUps, scheduleInvoiceFollowUp };

/**
 * Invoices (issue #14): a bill to a customer, from a finished job or made by hand. Numbers are per
 * company, from 1, without gaps (taken from invoice_counts in the creating transaction, so a
 * rolled-back create gives its number back). Money is integer cents through the line-items module.
 * docs/decisions/052-invoices.md
 */

/** The invoice is not the caller's company's (or does not exist): routes answer 404. */
export class InvoiceNotFoundError extends Error {
  constructor() {
    super("Invoice not found");
  }
}

export const newInvoiceToken = () => randomBytes(18).toString("base64url");

type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice of the caller's company, or null. Locks the row inside a transaction when asked. */
export async function findInvoiceRow(
  exec: Executor,
  companyId: number,
  id: number,
  lock = false,
): Promise<InvoiceRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const query = exec
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Today's date (YYYY-MM-DD) in the company's time zone. */
export async function companyToday(exec: Executor, companyId: number, now = new Date()): Promise<string> {
  const [row] = await exec.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return dayjs(now)
    .tz(row?.timezone ?? "America/New_York")
    .format("YYYY-MM-DD");
}

export const addDays = (isoDate: string, days: number) =>
  dayjs.utc(`${isoDate}T00:00:00Z`).add(days, "day").format("YYYY-MM-DD");

/** The next number of the company, in the caller's transaction (rolled back with it: no gap). */
async function takeNumber(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec.execute<{ last_number: number }>(sql`
    insert into ${invoiceCounts} (company_id, last_number) values (${companyId}, 1)
    on conflict (company_id) do update set last_number = ${invoiceCounts}.last_number + 1
    returning last_number`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { last_number: number }[] }).rows) as {
    last_number: number;
  }[];
  return Number(list[0].last_number);
}

function lineImage(companyId: number, imageUrl: string | undefined | null, position: number): string | null {
  if (!imageUrl) return null;
  const own = ownLineImageUrl(companyId, imageUrl);
  if (!own)
    throw new RuleError({ [`lineItems[${position}].imageUrl`]: "The image must be one of the company's uploads" });
  return own;
}

const lineRows = (companyId: number, invoiceId: number, lines: LineItemInput[], amounts: number[]) =>
  lineItemColumns(companyId, lines, amounts, (imageUrl, position) => lineImage(companyId, imageUrl, position)).map(
    (row) => ({ ...row, invoiceId }),
  );

const totalsFor = (lines: LineItemInput[], discountCents: number, taxRate: number) =>
  computeTotals(lines.map(totalsLine), discountCents, taxRate);

const searchTextOf = (parts: Array<string | number | null | undefined>) =>
  parts
    .filter((p) => p !== null && p !== undefined && p !== "")
    .join(" ")
    .toLowerCase()
    .slice(0, 4000);

async function customerAddress(exec: Executor, companyId: number, customerId: number, addressId?: number) {
  const [row] = await exec
    .select({
      id: customerAddresses.id,
      location: customerAddresses.location,
      unitNumber: customerAddresses.unitNumber,
    })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.companyId, companyId),
        ...(addressId ? [eq(customerAddresses.id, addressId)] : []),
      ),
    )
    .orderBy(asc(customerAddresses.position))
    .limit(1);
  if (addressId && !row) throw new RuleError({ customerAddressId: "Choose one of the customer's properties" });
  return row ?? null;
}

async function messageOnInvoice(exec: Executor, companyId: number): Promise<string | null> {
  const [row] = await exec
    .select({ message: companySettings.messageOnInvoice })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return row?.message ?? null;
}

type InvoiceMoney = { discountCents: number; subtotalCents: number; taxCents: number; totalCents: number };

/** The stored money columns of an invoice: from the computed totals, or a job's stored ones when invoicing it. */
const moneyColumns = ({ discountCents, subtotalCents, taxCents, totalCents }: InvoiceMoney): InvoiceMoney => ({
  discountCents,
  subtotalCents,
  taxCents,
  totalCents,
});

/** What the invoice list's search matches: the number, the customer's names and the places given. */
const invoiceSearchText = (
  number: number,
  customer: { firstName: string; lastName: string | null; ownCompanyName: string | null },
  ...places: Array<string | null | undefined>
) => searchTextOf([number, customer.firstName, customer.lastName, customer.ownCompanyName, ...places]);

/** The history entry of a new invoice by the caller (other events spread it and name their type). */
const createdEvent = (ctx: CallerContext, invoiceId: number) => ({
  companyId: ctx.companyId,
  invoiceId,
  type: TimelineEvent.InvoiceCreated,
  actor: { userId: ctx.userId, impersonatorUserId: ctx.impersonatorUserId },
});

/** A job's open invoice: any but an uncollectible one (the unique index allows one at a time). */
const isOpenInvoiceOfJob = (companyId: number, jobId: number) =>
  and(eq(invoices.companyId, companyId), eq(invoices.jobId, jobId), ne(invoices.status, InvoiceStatus.Uncollectible));

/** POST /invoices: an invoice made by hand. Issue date defaults to today (company zone), due date to issue + 30 days. */
export async function createInvoice(
  ctx: CallerContext,
  input: InvoiceCreateInput,
  now = new Date(),
  within: Executor = db,
): Promise<{ id: number; number: number; publicToken: string }> {
  // Within another transaction (a service plan's billing period), the invoice is one savepoint of it.
  return within.transaction(async (tx) => {
    const customer = await liveCustomer(tx, ctx.companyId, input.customerId);
    if (!customer) throw new RuleError({ customerId: "Customer not found" });
    const address = await customerAddress(tx, ctx.companyId, customer.id, input.customerAddressId);
    const issueDate = input.issueDate ?? (await companyToday(tx, ctx.companyId, now));
    const dueDate = input.dueDate ?? addDays(issueDate, DEFAULT_DUE_DAYS);
    if (dueDate < issueDate) throw new RuleError({ dueDate: "Due date must be on or after the issue date" });
    const totals = totalsFor(input.lineItems, input.discount, input.taxRate);
    const number = await takeNumber(tx, ctx.companyId);
    const message = input.message ?? (await messageOnInvoice(tx, ctx.companyId));
    const [row] = await tx
      .insert(invoices)
      .values({
        companyId: ctx.companyId,
        number,
        customerId: customer.id,
        customerAddressId: address?.id ?? null,
        location: address?.location ?? null,
        unitNumber: address?.unitNumber ?? null,
        issueDate,
        dueDate,
        message,
        privateNotes: input.privateNotes ?? null,
        taxRate: input.taxRate,
        ...moneyColumns(totals),
        publicToken: newInvoiceToken(),
        searchText: invoiceSearchText(number, customer, address?.location),
        createdByUserId: ctx.userId,
      })
      .returning({ id: invoices.id, number: invoices.number, publicToken: invoices.publicToken });
    if (input.lineItems.length)
      await tx.insert(invoiceLineItems).values(lineRows(ctx.companyId, row.id, input.lineItems, totals.lineAmounts));
    await recordInvoiceEvent(tx, { ...createdEvent(ctx, row.id), toStatus: InvoiceStatus.NotSent });
    await recordInvoiceWebhook(tx, ctx.companyId, "invoice.created", row.id);
    return row;
  });
}

/**
 * "Create invoice" on a job: copies the customer, address, lines, discount, tax rate and the
 * company's message on invoice. A job has at most one open invoice (the unique index): a second
 * call returns the existing one (created: false). Null when the job is not the company's.
 */
export async function createInvoiceFromJob(
  ctx: CallerContext,
  jobId: number,
  now = new Date(),
): Promise<{ id: number; number: number; created: boolean } | null> {
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return null;
  // The job's one open invoice, read in the create's transaction and again after a lost race.
  const openInvoice = (exec: Executor) =>
    exec
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(isOpenInvoiceOfJob(ctx.companyId, jobId))
      .limit(1);
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.companyId, ctx.companyId)))
        .for("update");
      if (!job) return null;
      if (job.customerServicePlanId) throw new RuleError({ _global: "This visit is billed by its service plan." });
      const [open] = await openInvoice(tx);
      if (open) return { ...open, created: false };
      if (job.status === JobStatus.Cancelled) throw new RuleError({ _global: "A cancelled job cannot be invoiced" });
      const customer = await liveCustomer(tx, ctx.companyId, job.customerId);
      if (!customer) throw new RuleError({ _global: "The job's customer was deleted" });
      const lines = await tx
        .select()
        .from(jobLineItems)
        .where(eq(jobLineItems.jobId, job.id))
        .orderBy(asc(jobLineItems.position));
      const issueDate = await companyToday(tx, ctx.companyId, now);
      const number = await takeNumber(tx, ctx.companyId);
      // The job's stored totals are the server's (the same module), so the invoice's equal them.
      const [row] = await tx
        .insert(invoices)
        .values({
          companyId: ctx.companyId,
          number,
          customerId: job.customerId,
          customerAddressId: job.customerAddressId,
          location: job.location,
          unitNumber: job.unitNumber,
          jobId: job.id,
          issueDate,
          dueDate: addDays(issueDate, DEFAULT_DUE_DAYS),
          message: await messageOnInvoice(tx, ctx.companyId),
          taxRate: job.taxRate,
          ...moneyColumns(job),
          publicToken: newInvoiceToken(),
          searchText: invoiceSearchText(number, customer, job.location, job.name),
          createdByUserId: ctx.userId,
        })
        .returning({ id: invoices.id, number: invoices.number });
      if (lines.length)
        await tx.insert(invoiceLineItems).values(
          lines.map((l) => ({
            companyId: ctx.companyId,
            invoiceId: row.id,
            kind: l.kind,
            name: l.name,
            description: l.description,
            quantity: l.quantity,
            unitPriceCents: l.unitPriceCents,
            costCents: l.costCents,
            isTaxable: l.isTaxable,
            imageUrl: l.imageUrl,
            priceListItemId: l.priceListItemId,
            amountCents: l.amountCents,
            position: l.position,
          })),
        );
      await recordInvoiceEvent(tx, { ...createdEvent(ctx, row.id), toStatus: InvoiceStatus.NotSent, data: { jobId } });
      await recordInvoiceWebhook(tx, ctx.companyId, "invoice.created", row.id);
      return { ...row, created: true };
    });
  } catch (error) {
    // Two creates at once: the unique index refused the second; it opens the first.
    if ((error as { code?: string }).code === "23505" || /invoices_job_unique/.test(String(error))) {
      const [open] = await openInvoice(db);
      if (open) return { ...open, created: false };
    }
    throw error;
  }
}

/** PUT /invoices/{id}: edits an invoice that is not paid (and not uncollectible); totals recomputed, never below what was paid. */
export async function updateInvoice(ctx: CallerContext, id: number, input: InvoiceUpdateInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, ctx.companyId, id, true);
    if (!invoice) return false;
    if (invoice.status === InvoiceStatus.Paid || invoice.status === InvoiceStatus.Uncollectible)
      throw new RuleError({ _global: "A paid or uncollectible invoice cannot be edited" });
    const address =
      input.customerAddressId !== undefined
        ? await customerAddress(tx, ctx.companyId, invoice.customerId, input.customerAddressId)
        : null;
    const issueDate = input.issueDate ?? invoice.issueDate;
    const dueDate = input.dueDate ?? invoice.dueDate;
    if (dueDate < issueDate) throw new RuleError({ dueDate: "Due date must be on or after the issue date" });
    const totals = totalsFor(input.lineItems, input.discount, input.taxRate);
    if (totals.totalCents < invoice.paidCents)
      throw new RuleError({ _global: "The total cannot be less than what was already paid" });
    await tx
      .update(invoices)
      .set({
        ...(address
          ? { customerAddressId: address.id, location: address.location, unitNumber: address.unitNumber }
          : {}),
        issueDate,
        dueDate,
        message: input.message ?? null,
        privateNotes: input.privateNotes ?? null,
        taxRate: input.taxRate,
        ...moneyColumns(totals),
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.companyId, ctx.companyId)));
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, id));
    if (input.lineItems.length)
      await tx.insert(invoiceLineItems).values(lineRows(ctx.companyId, id, input.lineItems, totals.lineAmounts));
    return true;
  });
}

/** DELETE /invoices/{id}: only an invoice without payments (its number is not given again). */
export async function deleteInvoice(ctx: CallerContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, ctx.companyId, id, true);
    if (!invoice) return false;
    const [payment] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .limit(1);
    if (payment) throw new RuleError({ _global: "An invoice with payments cannot be deleted" });
    await tx.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.companyId, ctx.companyId)));
    await cancelInvoiceFollowUps(tx, ctx.companyId, id);
    return true;
  });
}

/**
 * PUT /invoices/{id}/uncollectible: marks an unpaid invoice uncollectible (follow-ups stop), or
 * undoes it (back to sent if it was sent, else not sent). Null when not the company's.
 */
export async function setUncollectible(
  ctx: CallerContext,
  id: number,
  uncollectible: boolean,
): Promise<{ id: number; status: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const invoice = await findInvoiceRow(tx, ctx.companyId, id, true);
      if (!invoice) return null;
      let status: number;
      if (uncollectible) {
        if (invoice.status === InvoiceStatus.Paid)
          throw new RuleError({ _global: "A paid invoice is not uncollectible" });
        if (invoice.status === InvoiceStatus.Uncollectible) return { id, status: invoice.status };
        status = InvoiceStatus.Uncollectible;
        await tx
          .update(invoices)
          .set({ status, uncollectibleAt: new Date(), updatedAt: new Date() })
          .where(and(eq(invoices.id, id), eq(invoices.companyId, ctx.companyId)));
        await cancelInvoiceFollowUps(tx, ctx.companyId, id);
        await recordInvoiceEvent(tx, {
          ...createdEvent(ctx, id),
          type: TimelineEvent.InvoiceUncollectible,
          fromStatus: invoice.status,
          toStatus: status,
        });
      } else {
        if (invoice.status !== InvoiceStatus.Uncollectible) return { id, status: invoice.status };
        status = invoice.sentAt ? InvoiceStatus.Sent : InvoiceStatus.NotSent;
        await tx
          .update(invoices)
          .set({ status, uncollectibleAt: null, updatedAt: new Date() })
          .where(and(eq(invoices.id, id), eq(invoices.companyId, ctx.companyId)));
        if (status === InvoiceStatus.Sent) await scheduleInvoiceFollowUp(tx, ctx.companyId, id);
        await recordInvoiceEvent(tx, {
          ...createdEvent(ctx, id),
          type: TimelineEvent.StatusUndone,
          fromStatus: invoice.status,
          toStatus: status,
        });
      }
      return { id, status };
    });
  } catch (error) {
    // Undoing while the job has another open invoice: the unique index refuses it.
    if ((error as { code?: string }).code === "23505" || /invoices_job_unique/.test(String(error)))
      throw new RuleError({ _global: "The job already has another open invoice" });
    throw error;
  }
}

// ---------------------------------------------------------------- reads

const balanceOf = (row: { totalCents: number; paidCents: number }) => Math.max(0, row.totalCents - row.paidCents);

/** GET /invoices/{id}: the invoice with its lines, payments and customer. Null when not the company's. */
export async function getInvoice(ctx: CallerContext, id: number, today?: string) {
  const invoice = await findInvoiceRow(db, ctx.companyId, id);
  if (!invoice) return null;
  const [customer, lines, payments, day] = await Promise.all([
    customerContact(invoice.customerId),
    invoiceLines(id),
    db
      .select({
        id: invoicePayments.id,
        method: invoicePayments.method,
        status: invoicePayments.status,
        amountCents: invoicePayments.amountCents,
        note: invoicePayments.note,
        paidAt: invoicePayments.paidAt,
        stripePaymentIntentId: invoicePayments.stripePaymentIntentId,
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    today ? Promise.resolve(today) : companyToday(db, ctx.companyId),
  ]);
  const { searchText: _s, searchVector: _v, privateNotes, ...rest } = invoice;
  return {
    ...rest,
    privateNotes,
    customerName: [customer?.firstName, customer?.lastName].filter(Boolean).join(" "),
    customer: customer ?? null,
    lineItems: lines,
    payments: payments.map((p) => ({ ...p, paidAt: p.paidAt.toISOString() })),
    balanceCents: balanceOf(invoice),
    isOverdue: invoice.status === InvoiceStatus.Sent && invoice.dueDate < day,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    uncollectibleAt: invoice.uncollectibleAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}
export type InvoiceDetails = NonNullable<Awaited<ReturnType<typeof getInvoice>>>;

async function invoiceLines(invoiceId: number) {
  const rows = await db
    .select({
      id: invoiceLineItems.id,
      kind: invoiceLineItems.kind,
      name: invoiceLineItems.name,
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPriceCents: invoiceLineItems.unitPriceCents,
      costCents: invoiceLineItems.costCents,
      isTaxable: invoiceLineItems.isTaxable,
      imageUrl: invoiceLineItems.imageUrl,
      priceListItemId: invoiceLineItems.priceListItemId,
      amountCents: invoiceLineItems.amountCents,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.position), asc(invoiceLineItems.id));
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** The public view of an invoice (its customer page, the PDF, the Stripe pay button), by its unguessable token. */
export async function findInvoiceByToken(token: string) {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.publicToken, token)).limit(1);
  return row ? publicInvoiceById(row.id) : null;
}

/** The customer-facing view of an invoice (no costs, no private notes), by id. */
export async function publicInvoiceById(id: number) {
  const [row] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      companyId: invoices.companyId,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      message: invoices.message,
      location: invoices.location,
      unitNumber: invoices.unitNumber,
      publicToken: invoices.publicToken,
      taxRate: invoices.taxRate,
      subtotalCents: invoices.subtotalCents,
      discountCents: invoices.discountCents,
      taxCents: invoices.taxCents,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      businessName: companies.businessName,
      logoUrl: companies.logoUrl,
      companyEmail: companies.email,
      phone: companies.businessPhoneNumber,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!row) return null;
  const lines = await invoiceLines(row.id);
  return {
    id: row.id,
    number: row.number,
    companyId: row.companyId,
    status: row.status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    message: row.message,
    location: row.location,
    unitNumber: row.unitNumber,
    publicToken: row.publicToken,
    taxRate: row.taxRate,
    customer: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    company: { businessName: row.businessName, logoUrl: row.logoUrl, email: row.companyEmail, phone: row.phone },
    lines: lines.map(({ costCents: _c, priceListItemId: _p, ...l }) => l),
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: balanceOf(row),
  };
}
export type PublicInvoice = NonNullable<Awaited<ReturnType<typeof publicInvoiceById>>>;

export type InvoiceListItem = {
  id: number;
  number: number;
  customerId: number;
  customerName: string;
  jobId: number | null;
  status: number;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  isOverdue: boolean;
};

export type InvoiceListQuery = {
  paging: Paging;
  searchQuery?: string;
  status?: number | typeof OVERDUE_FILTER;
  customerId?: number;
};

const sortColumns: Record<InvoiceSortField, SQL | SQL[]> = {
  number: sql`${invoices.number}`,
  customerName: byCustomerName,
  issueDate: sql`${invoices.issueDate}`,
  dueDate: sql`${invoices.dueDate}`,
  status: sql`${invoices.status}`,
  total: sql`${invoices.totalCents}`,
};

/** An invoice list's search: its number ('#12' or '12') or the words of its text; null when blank. */
export function invoiceSearch(searchQuery: string | undefined): SQL | null {
  const text = searchQuery?.trim() ?? "";
  if (!text) return null;
  const ts = searchTsQuery(text);
  const byNumber = /^#?\d{1,9}$/.test(text) ? eq(invoices.number, Number(text.replace("#", ""))) : null;
  const byText = ts ? sql`${invoices.searchVector} @@ to_tsquery('simple', ${ts})` : null;
  return byNumber && byText ? sql`(${byNumber} or ${byText})` : (byNumber ?? byText ?? sql`false`);
}

export const INVOICES_COUNT_CAP = 10_000;
const invoicesList = pagedList(invoices, invoiceCounts, sortColumns, "number", INVOICES_COUNT_CAP);

/** GET /invoices/page: one page of the company's invoices, filtered and sorted in the database (the page's cost, not the table's). */
export async function listInvoicesPage(
  ctx: CallerContext,
  query: InvoiceListQuery,
): Promise<{ items: InvoiceListItem[]; total: number; totalIsCapped: boolean }> {
  const today = await companyToday(db, ctx.companyId);
  const conditions: SQL[] = [eq(invoices.companyId, ctx.companyId)];
  if (query.customerId) conditions.push(eq(invoices.customerId, query.customerId));
  if (query.status === OVERDUE_FILTER)
    conditions.push(eq(invoices.status, InvoiceStatus.Sent), sql`${invoices.dueDate} < ${today}::date`);
  else if (query.status !== undefined) conditions.push(eq(invoices.status, query.status));
  const search = invoiceSearch(query.searchQuery);
  if (search) conditions.push(search);
  // The jobs list's plan (docs/decisions/046): a deferred join walks the sort index for the page's ids, so a
  // deep page skips index entries, not invoices joined to their customers.
  const { rows, total, totalIsCapped } = await invoicesList(
    { paging: query.paging, companyId: ctx.companyId, where: conditions, wholeCompany: conditions.length === 1 },
    {
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      jobId: invoices.jobId,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    },
  );
  return {
    total,
    totalIsCapped,
    items: rows.map((r) => ({
      ...r,
      balanceCents: balanceOf(r),
      isOverdue: r.status === InvoiceStatus.Sent && r.dueDate < today,
    })),
  };
}

/** GET /customers/{id}/invoices/page: the customer profile's invoices tab. */
export function listCustomerInvoicesPage(
  ctx: CallerContext,
  customerId: number,
  query: Omit<InvoiceListQuery, "customerId">,
) {
  return listInvoicesPage(ctx, { ...query, customerId });
}

/** The job's open invoice (for the job page's "Create invoice" / "Open invoice"), or null. */
export async function openInvoiceOfJob(companyId: number, jobId: number) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number, status: invoices.status })
    .from(invoices)
    .where(isOpenInvoiceOfJob(companyId, jobId))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}
