import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companies, invoicePayments, invoices } from "~/db/schema";
import { Role } from "~/access/roles";
import type { CallerContext } from "~/access/access.server";
import { EXPORT_BATCH, invoicesCsv, paymentsCsv } from "~/models/accounting-export/accounting-csv.server";
import { createTestCompany } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow } from "../jobs/fixtures";

useTestDatabase();

const ZONE = "America/New_York";
/** The file's text as written, byte order mark included (Response.text() would drop it). */
const text = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");

async function seeded() {
  const c = await createTestCompany();
  await db.update(companies).set({ timezone: ZONE }).where(eq(companies.id, c.companyId));
  const ctx: CallerContext = { companyId: c.companyId, userId: c.userId, role: Role.CompanyAdmin };
  const grace = await createCustomerRow(c.companyId, "Grace", "Hopper");
  const evil = await createCustomerRow(c.companyId, "=HYPERLINK(1)", "Smith");
  const invoice = (
    number: number,
    customerId: number,
    issueDate: string,
    money: Partial<typeof invoices.$inferInsert>,
  ) =>
    db
      .insert(invoices)
      .values({
        companyId: c.companyId,
        number,
        customerId,
        issueDate,
        dueDate: issueDate.replace(/-(\d\d)$/, "-28"),
        publicToken: `token-${c.companyId}-${number}`,
        ...money,
      })
      .returning({ id: invoices.id })
      .then(([row]) => row.id);
  const first = await invoice(1, grace, "2026-10-01", {
    status: 2,
    subtotalCents: 10000,
    discountCents: 500,
    taxCents: 784,
    totalCents: 10284,
    paidCents: 10284,
  });
  const second = await invoice(2, evil, "2026-10-15", {
    status: 1,
    subtotalCents: 5050,
    totalCents: 5050,
    paidCents: 1000,
  });
  await invoice(3, grace, "2026-11-01", { subtotalCents: 100, totalCents: 100 });
  const payment = (invoiceId: number, amountCents: number, paidAt: string, method: number, status = 0) =>
    db.insert(invoicePayments).values({
      companyId: c.companyId,
      invoiceId,
      amountCents,
      method,
      status,
      paidAt: new Date(paidAt),
      idempotencyKey: `${invoiceId}-${paidAt}`,
    });
  await payment(first, 10284, "2026-10-02T15:00:00Z", 2);
  // 11:30 pm in New York on Oct 31 is Nov 1 in UTC: it is an October payment.
  await payment(second, 1000, "2026-11-01T03:30:00Z", 0);
  await payment(second, 999, "2026-10-20T12:00:00Z", 2, 5); // failed: not money received
  await payment(second, 700, "2026-11-01T05:00:00Z", 1); // Nov 1 in New York
  return ctx;
}

describe("accounting CSV exports", () => {
  it("invoices in the range: exact contents, dollars, formulas neutralised", async () => {
    const ctx = await seeded();
    expect(await text(invoicesCsv(ctx, { from: "2026-10-01", to: "2026-10-31" }))).toBe(
      "\uFEFF" +
        [
          "Number,Customer,Issue date,Due date,Status,Subtotal,Discount,Tax,Total,Paid,Balance",
          "1,Grace Hopper,2026-10-01,2026-10-28,Paid,100.00,5.00,7.84,102.84,102.84,0.00",
          "2,'=HYPERLINK(1) Smith,2026-10-15,2026-10-28,Sent,50.50,0.00,0.00,50.50,10.00,40.50",
          "",
        ].join("\n"),
    );
  });

  it("payments received in the range, by the company's day, failed ones left out", async () => {
    const ctx = await seeded();
    expect(await text(paymentsCsv(ctx, { from: "2026-10-01", to: "2026-10-31" }, ZONE))).toBe(
      "\uFEFF" +
        [
          "Date,Invoice number,Customer,Method,Amount",
          "2026-10-02,1,Grace Hopper,Card,102.84",
          "2026-10-31,2,'=HYPERLINK(1) Smith,Cash,10.00",
          "",
        ].join("\n"),
    );
    const november = await text(paymentsCsv(ctx, { from: "2026-11-01", to: "2026-11-30" }, ZONE));
    expect(november.split("\n").slice(1)).toEqual(["2026-11-01,2,'=HYPERLINK(1) Smith,Check,7.00", ""]);
  });

  it("a range larger than one batch streams every row once, in order", async () => {
    const ctx = await seeded();
    const customerId = await createCustomerRow(ctx.companyId, "Bulk", "Buyer");
    const count = EXPORT_BATCH + 3;
    await db.insert(invoices).values(
      Array.from({ length: count }, (_, i) => ({
        companyId: ctx.companyId,
        number: 100 + i,
        customerId,
        issueDate: "2026-09-15",
        dueDate: "2026-10-15",
        publicToken: `bulk-${ctx.companyId}-${i}`,
        totalCents: 100,
      })),
    );
    const lines = (await text(invoicesCsv(ctx, { from: "2026-09-01", to: "2026-09-30" }))).trim().split("\n");
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual(
      Array.from({ length: count }, (_, i) => 100 + i),
    );
  });
});
