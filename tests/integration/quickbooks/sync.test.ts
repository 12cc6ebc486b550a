import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { invoicePayments, invoices, quickBooksConnections, quickBooksLinks, quickBooksSyncLog } from "~/db/schema";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import { PAID_IN_QUICKBOOKS, SERVICE_ITEM_NAME, syncCompany } from "~/models/quickbooks/sync.server";
import { useTestDatabase } from "../../helpers/db";
import { createTestCompany } from "../../helpers/factories";
import { addCustomer, addInvoice, connect, quickBooksForThisFile } from "./fixtures";

const qbo = await quickBooksForThisFile();
useTestDatabase();

const logOf = (companyId: number) =>
  db
    .select({
      entityType: quickBooksSyncLog.entityType,
      localId: quickBooksSyncLog.localId,
      outcome: quickBooksSyncLog.outcome,
      message: quickBooksSyncLog.message,
    })
    .from(quickBooksSyncLog)
    .where(eq(quickBooksSyncLog.companyId, companyId))
    .orderBy(quickBooksSyncLog.id);
const linkOf = async (companyId: number, entityType: "customer" | "invoice" | "payment", localId: number) =>
  (
    await db
      .select()
      .from(quickBooksLinks)
      .where(
        and(
          eq(quickBooksLinks.companyId, companyId),
          eq(quickBooksLinks.entityType, entityType),
          eq(quickBooksLinks.localId, localId),
        ),
      )
  )[0];
const createsNow = () => ({
  customers: qbo.creates("Customer"),
  invoices: qbo.creates("Invoice"),
  payments: qbo.creates("Payment"),
  items: qbo.creates("Item"),
});

/** A connected company with two customers, an invoice each, and $50.00 paid in cash on the first. */
async function books() {
  const { companyId } = await createTestCompany();
  await connect(qbo, companyId);
  const ann = await addCustomer(companyId, "Ann", `Lee${companyId}`);
  const bob = await addCustomer(companyId, "Bob", `Ray${companyId}`);
  const first = await addInvoice(companyId, ann);
  const second = await addInvoice(companyId, bob);
  await recordInvoicePayment({
    companyId,
    invoiceId: first.id,
    method: 0,
    amountCents: 5_000,
    idempotencyKey: `cash-${first.id}`,
  });
  const [payment] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, first.id));
  return { companyId, ann, bob, first, second, paymentId: payment.id };
}

describe("the first sync", () => {
  it("creates the customers, the invoices with exact amounts and the payment, linked and logged", async () => {
    const before = createsNow();
    const { companyId, ann, bob, first, second, paymentId } = await books();
    const result = await syncCompany(companyId);
    expect(result).toEqual({ ran: true, counts: { created: 5, updated: 0, skipped: 0, failed: 0 } });
    expect(createsNow()).toEqual({
      customers: before.customers + 2,
      invoices: before.invoices + 2,
      payments: before.payments + 1,
      items: before.items + (before.items === 0 ? 1 : 0),
    });

    const annLink = await linkOf(companyId, "customer", ann);
    const annQbo = qbo.records.Customer.get(annLink.quickBooksId)!;
    expect(annQbo.DisplayName).toBe(`Ann Lee${companyId}`);
    expect(annQbo.GivenName).toBe("Ann");
    expect(annQbo.PrimaryEmailAddr).toEqual({ Address: "ann@example.com" });
    expect(annLink.syncToken).toBe("0");
    expect((await linkOf(companyId, "customer", bob)).quickBooksId).not.toBe(annLink.quickBooksId);

    const item = [...qbo.records.Item.values()].find((i) => i.Name === SERVICE_ITEM_NAME)!;
    expect(item.Type).toBe("Service");
    const invoiceQbo = qbo.records.Invoice.get((await linkOf(companyId, "invoice", first.id)).quickBooksId)!;
    expect(invoiceQbo.CustomerRef).toEqual({ value: annLink.quickBooksId });
    expect(invoiceQbo.DocNumber).toBe(String(first.number));
    expect(invoiceQbo.TxnDate).toBe("2026-11-02");
    expect(invoiceQbo.DueDate).toBe("2026-12-02");
    expect(invoiceQbo.Line).toEqual([
      {
        DetailType: "SalesItemLineDetail",
        Amount: 120.5,
        Description: "Drain cleaning",
        SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 1, UnitPrice: 120.5 },
      },
      {
        DetailType: "SalesItemLineDetail",
        Amount: 29.97,
        Description: "Filter - MERV 11",
        SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 3, UnitPrice: 9.99 },
      },
      {
        DetailType: "SalesItemLineDetail",
        Amount: 12.41,
        Description: "Sales tax",
        SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 1, UnitPrice: 12.41 },
      },
      { DetailType: "DiscountLineDetail", Amount: 5, DiscountLineDetail: { PercentBased: false } },
    ]);
    expect(invoiceQbo.TotalAmt).toBe(157.88);
    expect(invoiceQbo.Balance).toBe(107.88);

    const paymentQbo = qbo.records.Payment.get((await linkOf(companyId, "payment", paymentId)).quickBooksId)!;
    expect(paymentQbo.TotalAmt).toBe(50);
    expect(paymentQbo.CustomerRef).toEqual({ value: annLink.quickBooksId });
    expect(paymentQbo.Line).toEqual([{ Amount: 50, LinkedTxn: [{ TxnId: invoiceQbo.Id, TxnType: "Invoice" }] }]);

    expect(await logOf(companyId)).toEqual([
      { entityType: "customer", localId: ann, outcome: "created", message: null },
      { entityType: "customer", localId: bob, outcome: "created", message: null },
      { entityType: "invoice", localId: first.id, outcome: "created", message: null },
      { entityType: "invoice", localId: second.id, outcome: "created", message: null },
      { entityType: "payment", localId: paymentId, outcome: "created", message: null },
    ]);
    const [connection] = await db
      .select({ lastSyncedAt: quickBooksConnections.lastSyncedAt })
      .from(quickBooksConnections)
      .where(eq(quickBooksConnections.companyId, companyId));
    expect(connection.lastSyncedAt).toBeInstanceOf(Date);
    // Creates carry QBO's idempotency key (requestid).
    const invoiceCreate = qbo.requests.find((r) => r.body.DocNumber === String(first.number))!;
    expect(invoiceCreate.query.requestid).toBe(`fieldwise-${companyId}-invoice-${first.id}`);
    expect(invoiceCreate.authorization).toMatch(/^Bearer access-/);
  });

  it("a second sync creates nothing and skips every unchanged record; a changed invoice is updated with its SyncToken", async () => {
    const { companyId, first } = await books();
    await syncCompany(companyId);
    const before = createsNow();
    const again = await syncCompany(companyId);
    expect(again).toEqual({ ran: true, counts: { created: 0, updated: 0, skipped: 5, failed: 0 } });
    expect(createsNow()).toEqual(before);

    await db
      .update(invoices)
      .set({ dueDate: "2026-12-20", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(invoices.id, first.id));
    const link = await linkOf(companyId, "invoice", first.id);
    const third = await syncCompany(companyId);
    expect(third).toEqual({ ran: true, counts: { created: 0, updated: 1, skipped: 4, failed: 0 } });
    expect(createsNow()).toEqual(before);
    const updates = qbo.requests.filter((r) => r.method === "POST" && r.body.Id === link.quickBooksId);
    expect(updates).toHaveLength(1);
    expect(updates[0].body).toMatchObject({
      Id: link.quickBooksId,
      SyncToken: "0",
      sparse: true,
      DueDate: "2026-12-20",
    });
    expect(qbo.records.Invoice.get(link.quickBooksId)!.DueDate).toBe("2026-12-20");
    expect((await linkOf(companyId, "invoice", first.id)).syncToken).toBe("1");
    expect((await logOf(companyId)).filter((e) => e.outcome === "updated")).toEqual([
      { entityType: "invoice", localId: first.id, outcome: "updated", message: null },
    ]);
  });
});

describe("what QuickBooks refuses or already has", () => {
  it("links a customer whose name QuickBooks already has (6240) instead of making a second one", async () => {
    const { companyId } = await createTestCompany();
    await connect(qbo, companyId);
    const existing = qbo.add("Customer", { DisplayName: `Dana Dup${companyId}`, GivenName: "Dana" });
    const dana = await addCustomer(companyId, "Dana", `Dup${companyId}`);
    await addInvoice(companyId, dana);
    const result = await syncCompany(companyId);
    expect(result).toEqual({ ran: true, counts: { created: 1, updated: 1, skipped: 0, failed: 0 } });
    const named = [...qbo.records.Customer.values()].filter((c) => c.DisplayName === `Dana Dup${companyId}`);
    expect(named).toHaveLength(1);
    expect((await linkOf(companyId, "customer", dana)).quickBooksId).toBe(existing.Id);
    expect(named[0].PrimaryEmailAddr).toEqual({ Address: "dana@example.com" });
    expect((await logOf(companyId))[0]).toEqual({
      entityType: "customer",
      localId: dana,
      outcome: "updated",
      message: "Linked to the existing QuickBooks customer",
    });
    expect(await syncCompany(companyId)).toEqual({
      ran: true,
      counts: { created: 0, updated: 0, skipped: 2, failed: 0 },
    });
  });

  it("logs a refused record with QuickBooks' message and syncs the others; the next sync retries it", async () => {
    const { companyId } = await createTestCompany();
    await connect(qbo, companyId);
    const eve = await addCustomer(companyId, "Eve", `Fail${companyId}`);
    const bad = await addInvoice(companyId, eve);
    const good = await addInvoice(companyId, eve);
    qbo.failWrite = (entity, body) =>
      entity === "Invoice" && body.DocNumber === String(bad.number) ? "Invalid Reference Id : Something's wrong" : null;
    try {
      const result = await syncCompany(companyId);
      expect(result).toEqual({ ran: true, counts: { created: 2, updated: 0, skipped: 0, failed: 1 } });
    } finally {
      qbo.failWrite = null;
    }
    expect(await logOf(companyId)).toEqual([
      { entityType: "customer", localId: eve, outcome: "created", message: null },
      {
        entityType: "invoice",
        localId: bad.id,
        outcome: "failed",
        message:
          "A business validation error has occurred while processing your request: Invalid Reference Id : Something's wrong",
      },
      { entityType: "invoice", localId: good.id, outcome: "created", message: null },
    ]);
    expect(await linkOf(companyId, "invoice", bad.id)).toBeUndefined();
    expect(await syncCompany(companyId)).toEqual({
      ran: true,
      counts: { created: 1, updated: 0, skipped: 2, failed: 0 },
    });
  });
});

describe("paid state both ways", () => {
  it("an invoice paid in QuickBooks is paid here once, and that payment is not sent back", async () => {
    const { companyId, second } = await books();
    await syncCompany(companyId);
    const link = await linkOf(companyId, "invoice", second.id);
    const qboPayment = qbo.payInvoice(link.quickBooksId);
    const paymentsBefore = qbo.creates("Payment");
    await syncCompany(companyId);
    await syncCompany(companyId);
    const recorded = await db
      .select({
        method: invoicePayments.method,
        amountCents: invoicePayments.amountCents,
        note: invoicePayments.note,
        idempotencyKey: invoicePayments.idempotencyKey,
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, second.id));
    expect(recorded).toEqual([
      {
        method: 3,
        amountCents: 15_788,
        note: PAID_IN_QUICKBOOKS,
        idempotencyKey: `quickbooks-payment-${qboPayment.Id}`,
      },
    ]);
    const [invoice] = await db
      .select({ status: invoices.status, paidCents: invoices.paidCents })
      .from(invoices)
      .where(eq(invoices.id, second.id));
    expect(invoice).toEqual({ status: 2, paidCents: 15_788 });
    expect(qbo.creates("Payment")).toBe(paymentsBefore);
    const marked = (await logOf(companyId)).filter((e) => e.message?.startsWith(PAID_IN_QUICKBOOKS));
    expect(marked).toEqual([
      {
        entityType: "invoice",
        localId: second.id,
        outcome: "updated",
        message: "Paid in QuickBooks: payment of $157.88 recorded",
      },
    ]);
  });
});

describe("tokens and overlapping runs", () => {
  it("refreshes an expired access token before syncing and keeps the new tokens", async () => {
    const { companyId } = await createTestCompany();
    const old = await connect(qbo, companyId, -60_000);
    qbo.accessTokens.delete(old.accessToken);
    const gus = await addCustomer(companyId, "Gus", `Old${companyId}`);
    await addInvoice(companyId, gus);
    const result = await syncCompany(companyId);
    expect(result).toEqual({ ran: true, counts: { created: 2, updated: 0, skipped: 0, failed: 0 } });
    const refresh = qbo.requests.filter(
      (r) => r.body.grant_type === "refresh_token" && r.body.refresh_token === old.refreshToken,
    );
    expect(refresh).toHaveLength(1);
    const [row] = await db.select().from(quickBooksConnections).where(eq(quickBooksConnections.companyId, companyId));
    expect(row.accessToken).not.toBe(old.accessToken);
    expect(row.refreshToken).not.toBe(old.refreshToken);
    expect(qbo.accessTokens.has(row.accessToken)).toBe(true);
    expect(row.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it("two runs at once for one company: the second does nothing", async () => {
    const { companyId } = await createTestCompany();
    await connect(qbo, companyId);
    const hal = await addCustomer(companyId, "Hal", `Twice${companyId}`);
    await addInvoice(companyId, hal);
    const before = createsNow();
    const [a, b] = await Promise.all([syncCompany(companyId), syncCompany(companyId)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(a.ran ? b : a).toEqual({ ran: false, reason: "already-running" });
    expect(createsNow().customers).toBe(before.customers + 1);
    expect(createsNow().invoices).toBe(before.invoices + 1);
  });

  it("keeps LOG_DAYS of the sync log", async () => {
    const { companyId } = await createTestCompany();
    await connect(qbo, companyId);
    const day = 86_400_000;
    await db.insert(quickBooksSyncLog).values([
      { companyId, entityType: "customer", localId: 1, outcome: "failed", at: new Date(Date.now() - 91 * day) },
      { companyId, entityType: "customer", localId: 2, outcome: "failed", at: new Date(Date.now() - 89 * day) },
    ]);
    await syncCompany(companyId);
    expect((await logOf(companyId)).map((e) => e.localId)).toEqual([2]);
  });

  it("a company that is not connected is not synced", async () => {
    const { companyId } = await createTestCompany();
    expect(await syncCompany(companyId)).toEqual({ ran: false, reason: "not-connected" });
  });
});
