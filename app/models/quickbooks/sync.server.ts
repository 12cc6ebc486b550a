import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { currentConnection, db, type Executor } from "~/db.server";
import {
  companies,
  customers,
  invoiceLineItems,
  invoicePayments,
  invoices,
  quickBooksConnections,
  quickBooksLinks,
  quickBooksSyncLog,
} from "~/db/schema";
import { InvoiceStatus, PaymentMethod, PaymentStatus } from "~/models/invoices/invoices.schema";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import { connectedApi } from "~/models/quickbooks/connection.server";
import {
  dollars,
  DUPLICATE_NAME,
  qboString,
  QuickBooksError,
  type QboRecord,
  type QuickBooksApi,
} from "~/services/quickbooks.server";

type EntityType = "customer" | "invoice" | "payment";
type Outcome = "created" | "updated" | "skipped" | "failed";
export type SyncCounts = Record<Outcome, number>;
export type SyncResult =
  { ran: false; reason: "not-connected" | "already-running" } | { ran: true; counts: SyncCounts };

/** The one QuickBooks item every invoice line is sold as (looked up by name, made once). */
export const SERVICE_ITEM_NAME = "Fieldwise services";
export const PAID_IN_QUICKBOOKS = "Paid in QuickBooks";
/** A key of the per-company sync lock (pg_try_advisory_lock(int, int)): the second half names it. */
const SYNC_LOCK = 7311;
/** How long sync log entries are kept. */
export const LOG_DAYS = 90;
/** Ids per "where Id in (...)" query when reading paid state back. */
const QUERY_BATCH = 30;

type Link = { id: number; localId: number; quickBooksId: string; syncToken: string | null; syncedAt: Date };

class Run {
  readonly counts: SyncCounts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  readonly links = new Map<string, Link>();
  constructor(
    readonly companyId: number,
    readonly api: QuickBooksApi,
  ) {}

  async log(entityType: string, localId: number | null, outcome: Outcome, message: string | null = null) {
    this.counts[outcome]++;
    await db.insert(quickBooksSyncLog).values({ companyId: this.companyId, entityType, localId, outcome, message });
  }

  link(entityType: EntityType, localId: number) {
    return this.links.get(`${entityType}:${localId}`);
  }

  /**
   * Remembers what was sent. `syncedAt` holds the local record's updatedAt as sent, so a record is
   * pushed again only when it changed after that version (equal means unchanged: skipped).
   */
  async saveLink(entityType: EntityType, localId: number, remote: QboRecord, version: Date) {
    const values = { quickBooksId: String(remote.Id), syncToken: String(remote.SyncToken ?? "0"), syncedAt: version };
    const [row] = await db
      .insert(quickBooksLinks)
      .values({ companyId: this.companyId, entityType, localId, ...values })
      .onConflictDoUpdate({
        target: [quickBooksLinks.companyId, quickBooksLinks.entityType, quickBooksLinks.localId],
        set: values,
      })
      .returning({ id: quickBooksLinks.id });
    this.links.set(`${entityType}:${localId}`, { id: row.id, localId, ...values });
  }
}

/**
 * One sync of a connected company: customers, invoices and payments pushed (created without a link,
 * sparse-updated with the SyncToken when changed, skipped when not), each record's outcome logged with
 * QuickBooks' message on failure, then invoices paid in QuickBooks recorded as paid here. One run per
 * company at a time: a second one finds the lock taken and does nothing.
 */
export async function syncCompany(companyId: number, now = new Date()): Promise<SyncResult> {
  return withSyncLock(companyId, async () => {
    let api: QuickBooksApi | null;
    try {
      api = await connectedApi(companyId, now);
    } catch (error) {
      await db.insert(quickBooksSyncLog).values({
        companyId,
        entityType: "connection",
        outcome: "failed",
        message: error instanceof Error ? error.message : String(error),
      });
      return { ran: true as const, counts: { created: 0, updated: 0, skipped: 0, failed: 1 } };
    }
    if (!api) return { ran: false as const, reason: "not-connected" as const };
    const run = new Run(companyId, api);
    const rows = await db
      .select({
        id: quickBooksLinks.id,
        entityType: quickBooksLinks.entityType,
        localId: quickBooksLinks.localId,
        quickBooksId: quickBooksLinks.quickBooksId,
        syncToken: quickBooksLinks.syncToken,
        syncedAt: quickBooksLinks.syncedAt,
      })
      .from(quickBooksLinks)
      .where(eq(quickBooksLinks.companyId, companyId));
    for (const row of rows) run.links.set(`${row.entityType}:${row.localId}`, row);
    const timezone = await companyTimezone(companyId);
    await pushCustomers(run);
    await pushInvoices(run);
    await pushPayments(run, timezone);
    await pullPaidInvoices(run);
    await db
      .update(quickBooksConnections)
      .set({ lastSyncedAt: new Date() })
      .where(eq(quickBooksConnections.companyId, companyId));
    // Every run logs every record: the log keeps LOG_DAYS of them.
    await db
      .delete(quickBooksSyncLog)
      .where(
        and(
          eq(quickBooksSyncLog.companyId, companyId),
          lt(quickBooksSyncLog.at, new Date(now.getTime() - LOG_DAYS * 86_400_000)),
        ),
      );
    return { ran: true as const, counts: run.counts };
  });
}

const running = new Set<number>();

/**
 * One sync per company: in this process a set of running companies (the embedded database has one
 * connection, where advisory locks are re-entrant), and on PostgreSQL a session advisory lock held on
 * one pooled connection for the run, so another app instance skips too.
 */
async function withSyncLock(companyId: number, work: () => Promise<SyncResult>): Promise<SyncResult> {
  if (running.has(companyId)) return { ran: false, reason: "already-running" };
  running.add(companyId);
  try {
    const open = currentConnection();
    if (open.driver !== "pg") return await work();
    const client = await open.client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [
        companyId,
        SYNC_LOCK,
      ]);
      if (!rows[0]?.locked) return { ran: false, reason: "already-running" };
      try {
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1, $2)", [companyId, SYNC_LOCK]);
      }
    } finally {
      client.release();
    }
  } finally {
    running.delete(companyId);
  }
}

async function companyTimezone(companyId: number) {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "UTC";
}

const errorMessage = (error: unknown) =>
  error instanceof QuickBooksError ? error.message : error instanceof Error ? error.message : String(error);

/* ------------------------------------ customers ------------------------------------ */

/** QBO's DisplayName (unique across its customers): "First Last". */
export const displayName = (c: { firstName: string; lastName: string | null }) =>
  [c.firstName.trim(), c.lastName?.trim()].filter(Boolean).join(" ");

/** The customers the books need: those with an invoice (a customer list of 100,000 leads stays here). */
async function pushCustomers(run: Run) {
  const billed = db
    .selectDistinct({ customerId: invoices.customerId })
    .from(invoices)
    .where(eq(invoices.companyId, run.companyId));
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.mainPhoneNumber,
      ownCompanyName: customers.ownCompanyName,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(and(eq(customers.companyId, run.companyId), inArray(customers.id, billed)))
    .orderBy(asc(customers.id));
  for (const customer of rows) {
    const fields: Record<string, unknown> = {
      DisplayName: displayName(customer),
      GivenName: customer.firstName,
      ...(customer.lastName ? { FamilyName: customer.lastName } : {}),
      ...(customer.ownCompanyName ? { CompanyName: customer.ownCompanyName } : {}),
      ...(customer.email ? { PrimaryEmailAddr: { Address: customer.email } } : {}),
      ...(customer.phone ? { PrimaryPhone: { FreeFormNumber: customer.phone } } : {}),
    };
    await pushOne(run, "customer", customer.id, customer.updatedAt, "Customer", fields, async (error) => {
      // QBO names are unique: the customer is already there (entered by hand, or an earlier connection).
      if (error.code !== DUPLICATE_NAME) return null;
      const [existing] = await run.api.query(
        "Customer",
        `select * from Customer where DisplayName = ${qboString(String(fields.DisplayName))}`,
      );
      return existing ?? null;
    });
  }
}

/**
 * Creates, updates or skips one record and logs it. `onCreateError` may answer the existing QBO
 * record to link instead (a duplicate name).
 */
async function pushOne(
  run: Run,
  entityType: EntityType,
  localId: number,
  version: Date,
  entity: string,
  fields: Record<string, unknown>,
  onCreateError?: (error: QuickBooksError) => Promise<QboRecord | null>,
) {
  const link = run.link(entityType, localId);
  try {
    if (link && link.syncedAt.getTime() >= version.getTime()) return await run.log(entityType, localId, "skipped");
    if (link) {
      const updated = await run.api.update(entity, link.quickBooksId, link.syncToken ?? "0", fields);
      await run.saveLink(entityType, localId, updated, version);
      return await run.log(entityType, localId, "updated");
    }
    let created: QboRecord;
    try {
      created = await run.api.create(entity, fields, `fieldwise-${run.companyId}-${entityType}-${localId}`);
    } catch (error) {
      const existing = error instanceof QuickBooksError && onCreateError ? await onCreateError(error) : null;
      if (!existing) throw error;
      // Linked, then brought up to date with what we have.
      const updated = await run.api.update(entity, existing.Id, existing.SyncToken, fields);
      await run.saveLink(entityType, localId, updated, version);
      return await run.log(entityType, localId, "updated", `Linked to the existing QuickBooks ${entity.toLowerCase()}`);
    }
    await run.saveLink(entityType, localId, created, version);
    await run.log(entityType, localId, "created");
  } catch (error) {
    await run.log(entityType, localId, "failed", errorMessage(error));
  }
}

/* ------------------------------------ invoices ------------------------------------ */

/** The generic service item lines are sold as: found by name, else made with the first income account. */
async function serviceItemId(api: QuickBooksApi): Promise<string> {
  const [item] = await api.query("Item", `select * from Item where Name = ${qboString(SERVICE_ITEM_NAME)}`);
  if (item) return String(item.Id);
  const [account] = await api.query("Account", "select * from Account where AccountType = 'Income' maxresults 1");
  if (!account)
    throw new QuickBooksError("QuickBooks has no income account for the Fieldwise services item", null, 400);
  const created = await api.create(
    "Item",
    { Name: SERVICE_ITEM_NAME, Type: "Service", IncomeAccountRef: { value: String(account.Id) } },
    "fieldwise-service-item",
  );
  return String(created.Id);
}

type LineRow = {
  name: string;
  description: string | null;
  quantity: string;
  unitPriceCents: number;
  amountCents: number;
};

/**
 * QBO lines whose sum is our total to the cent: each line item, the tax as a line of its own (tax
 * codes differ per QuickBooks company) and the discount as a discount line.
 */
export function invoiceLines(
  itemId: string,
  lines: LineRow[],
  totals: { subtotalCents: number; taxCents: number; totalCents: number },
) {
  const itemRef = { value: itemId };
  const out: Record<string, unknown>[] = lines.map((line) => {
    const qty = Number(line.quantity);
    // QBO checks Amount = Qty × UnitPrice: a quantity that does not divide evenly goes as 1 × amount.
    const exact = Number.isFinite(qty) && Math.round(qty * line.unitPriceCents) === line.amountCents;
    return {
      DetailType: "SalesItemLineDetail",
      Amount: dollars(line.amountCents),
      Description: line.description ? `${line.name} - ${line.description}` : line.name,
      SalesItemLineDetail: {
        ItemRef: itemRef,
        Qty: exact ? qty : 1,
        UnitPrice: dollars(exact ? line.unitPriceCents : line.amountCents),
      },
    };
  });
  if (totals.taxCents > 0)
    out.push({
      DetailType: "SalesItemLineDetail",
      Amount: dollars(totals.taxCents),
      Description: "Sales tax",
      SalesItemLineDetail: { ItemRef: itemRef, Qty: 1, UnitPrice: dollars(totals.taxCents) },
    });
  const discountCents = totals.subtotalCents + totals.taxCents - totals.totalCents;
  if (discountCents > 0)
    out.push({
      DetailType: "DiscountLineDetail",
      Amount: dollars(discountCents),
      DiscountLineDetail: { PercentBased: false },
    });
  return out;
}

async function pushInvoices(run: Run) {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      subtotalCents: invoices.subtotalCents,
      taxCents: invoices.taxCents,
      totalCents: invoices.totalCents,
      message: invoices.message,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .where(eq(invoices.companyId, run.companyId))
    .orderBy(asc(invoices.id));
  if (rows.length === 0) return;
  let itemId: string | null = null;
  let itemError: string | null = null;
  const lines = await db
    .select({
      invoiceId: invoiceLineItems.invoiceId,
      name: invoiceLineItems.name,
      description: invoiceLineItems.description,
      quantity: invoiceLineItems.quantity,
      unitPriceCents: invoiceLineItems.unitPriceCents,
      amountCents: invoiceLineItems.amountCents,
    })
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.companyId, run.companyId))
    .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.position), asc(invoiceLineItems.id));
  const linesOf = new Map<number, LineRow[]>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
  for (const invoice of rows) {
    const customer = run.link("customer", invoice.customerId);
    if (!customer) {
      await run.log(
        "invoice",
        invoice.id,
        "failed",
        "Its customer is not in QuickBooks yet (see the customer's entry)",
      );
      continue;
    }
    const link = run.link("invoice", invoice.id);
    if (link && link.syncedAt.getTime() >= invoice.updatedAt.getTime()) {
      await run.log("invoice", invoice.id, "skipped");
      continue;
    }
    if (!itemId && !itemError)
      itemId = await serviceItemId(run.api).catch((error: unknown) => {
        itemError = errorMessage(error);
        return null;
      });
    if (!itemId) {
      await run.log("invoice", invoice.id, "failed", itemError);
      continue;
    }
    const fields = {
      CustomerRef: { value: customer.quickBooksId },
      DocNumber: String(invoice.number),
      TxnDate: invoice.issueDate,
      DueDate: invoice.dueDate,
      Line: invoiceLines(itemId, linesOf.get(invoice.id) ?? [], invoice),
      ...(invoice.message ? { CustomerMemo: { value: invoice.message.slice(0, 1000) } } : {}),
    };
    await pushOne(run, "invoice", invoice.id, invoice.updatedAt, "Invoice", fields);
  }
}

/* ------------------------------------ payments ------------------------------------ */

const dateIn = (at: Date, timezone: string) => at.toLocaleDateString("en-CA", { timeZone: timezone });

/** Payments received (paid or autopaid), each once: a payment is not changed after it is recorded. */
async function pushPayments(run: Run, timezone: string) {
  const rows = await db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      customerId: invoices.customerId,
      amountCents: invoicePayments.amountCents,
      note: invoicePayments.note,
      paidAt: invoicePayments.paidAt,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.companyId, run.companyId),
        inArray(invoicePayments.status, [PaymentStatus.Paid, PaymentStatus.Autopaid]),
      ),
    )
    .orderBy(asc(invoicePayments.id));
  for (const payment of rows) {
    if (run.link("payment", payment.id)) {
      await run.log("payment", payment.id, "skipped");
      continue;
    }
    const invoice = run.link("invoice", payment.invoiceId);
    const customer = run.link("customer", payment.customerId);
    if (!invoice || !customer) {
      await run.log("payment", payment.id, "failed", "Its invoice is not in QuickBooks yet (see the invoice's entry)");
      continue;
    }
    const amount = dollars(payment.amountCents);
    await pushOne(run, "payment", payment.id, payment.createdAt, "Payment", {
      CustomerRef: { value: customer.quickBooksId },
      TotalAmt: amount,
      TxnDate: dateIn(payment.paidAt, timezone),
      Line: [{ Amount: amount, LinkedTxn: [{ TxnId: invoice.quickBooksId, TxnType: "Invoice" }] }],
      ...(payment.note ? { PrivateNote: payment.note.slice(0, 4000) } : {}),
    });
  }
}

/* ------------------------------ paid in QuickBooks ------------------------------ */

/**
 * Invoices we sent that QuickBooks shows paid (Balance 0) but that are open here get their balance
 * recorded as a payment (method other). The key names QuickBooks' payment (or invoice), so a second
 * sync records nothing, and the payment's link keeps it from being pushed back as a new one.
 */
async function pullPaidInvoices(run: Run) {
  const open = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      quickBooksId: quickBooksLinks.quickBooksId,
    })
    .from(invoices)
    .innerJoin(
      quickBooksLinks,
      and(
        eq(quickBooksLinks.companyId, invoices.companyId),
        eq(quickBooksLinks.entityType, "invoice"),
        eq(quickBooksLinks.localId, invoices.id),
      ),
    )
    .where(
      and(
        eq(invoices.companyId, run.companyId),
        ne(invoices.status, InvoiceStatus.Paid),
        ne(invoices.status, InvoiceStatus.Uncollectible),
        sql`${invoices.totalCents} > ${invoices.paidCents}`,
      ),
    )
    .orderBy(asc(invoices.id));
  for (let start = 0; start < open.length; start += QUERY_BATCH) {
    const batch = open.slice(start, start + QUERY_BATCH);
    let remote: QboRecord[];
    try {
      const ids = batch.map((invoice) => qboString(invoice.quickBooksId)).join(", ");
      remote = await run.api.query("Invoice", `select * from Invoice where Id in (${ids})`);
    } catch (error) {
      await run.log("invoice", null, "failed", `Reading paid invoices from QuickBooks: ${errorMessage(error)}`);
      continue;
    }
    const byId = new Map(remote.map((r) => [String(r.Id), r]));
    for (const invoice of batch) {
      const qbo = byId.get(invoice.quickBooksId);
      if (!qbo || Number(qbo.Balance) !== 0 || Number(qbo.TotalAmt) <= 0) continue;
      const linked = (qbo.LinkedTxn as Array<{ TxnId: string; TxnType: string }> | undefined)?.find(
        (t) => t.TxnType === "Payment",
      );
      const remoteId = linked ? `payment-${linked.TxnId}` : `invoice-${qbo.Id}`;
      const key = `quickbooks-${remoteId}`;
      const balanceCents = invoice.totalCents - invoice.paidCents;
      try {
        const result = await recordInvoicePayment({
          companyId: run.companyId,
          invoiceId: invoice.id,
          method: PaymentMethod.Other,
          amountCents: balanceCents,
          note: PAID_IN_QUICKBOOKS,
          idempotencyKey: key,
          alsoRecord: (tx) => linkPulledPayment(tx, run.companyId, key, linked?.TxnId ?? String(qbo.Id)),
        });
        if (result.recorded)
          await run.log(
            "invoice",
            invoice.id,
            "updated",
            `${PAID_IN_QUICKBOOKS}: payment of $${(balanceCents / 100).toFixed(2)} recorded`,
          );
      } catch (error) {
        await run.log("invoice", invoice.id, "failed", `Marking paid from QuickBooks: ${errorMessage(error)}`);
      }
    }
  }
}

async function linkPulledPayment(tx: Executor, companyId: number, key: string, quickBooksId: string) {
  const [payment] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.companyId, companyId), eq(invoicePayments.idempotencyKey, key)));
  if (!payment) return;
  await tx
    .insert(quickBooksLinks)
    .values({ companyId, entityType: "payment", localId: payment.id, quickBooksId, syncToken: null })
    .onConflictDoNothing();
}

/** Companies with a connection, for the nightly run. */
export async function connectedCompanyIds(): Promise<number[]> {
  const rows = await db
    .select({ companyId: quickBooksConnections.companyId })
    .from(quickBooksConnections)
    .orderBy(asc(quickBooksConnections.companyId));
  return rows.map((row) => row.companyId);
}
