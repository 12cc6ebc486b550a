import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { CallerContext } from "~/access/access.server";
import { db } from "~/db.server";
import { customers, invoicePayments, invoices } from "~/db/schema";
import { toCsv } from "~/models/files/csv.server";
import { invoiceStatusLabels, paymentMethodLabels, PaymentStatus } from "~/models/invoices/invoices.schema";
import { dayjs } from "~/utils/format";

/**
 * The accounting exports (invoices, payments) for other tools, over a date range. Streamed in
 * keyset batches along the company's date index, so a large company never loads every row at
 * once. Cells go through toCsv (formula injection neutralised); money in dollars with 2 decimals.
 */
export const EXPORT_BATCH = 500;

export const INVOICE_COLUMNS = [
  "Number",
  "Customer",
  "Issue date",
  "Due date",
  "Status",
  "Subtotal",
  "Discount",
  "Tax",
  "Total",
  "Paid",
  "Balance",
];
export const PAYMENT_COLUMNS = ["Date", "Invoice number", "Customer", "Method", "Amount"];

export type ExportRange = { from: string; to: string };

const dollars = (cents: number) => (cents / 100).toFixed(2);
const customerName = (c: { firstName: string; lastName: string | null; ownCompanyName: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ") + (c.ownCompanyName ? ` (${c.ownCompanyName})` : "");

/** A CSV stream: the header, then one batch per pull until `next` returns no rows. */
function csvStream<T>(header: string[], next: () => Promise<T[]>, line: (row: T) => (string | number)[]) {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode("\uFEFF" + toCsv([header])));
        return;
      }
      const rows = await next();
      if (rows.length === 0) return controller.close();
      controller.enqueue(encoder.encode(toCsv(rows.map(line))));
    },
  });
}

const customerColumns = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  ownCompanyName: customers.ownCompanyName,
};

/** Invoices issued within the range (issue date, inclusive), in issue date and number order. */
export function invoicesCsv(ctx: CallerContext, range: ExportRange): ReadableStream<Uint8Array> {
  let after: { issueDate: string; id: number } | null = null;
  return csvStream(
    INVOICE_COLUMNS,
    async () => {
      const cursor = after;
      const rows = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          status: invoices.status,
          subtotalCents: invoices.subtotalCents,
          discountCents: invoices.discountCents,
          taxCents: invoices.taxCents,
          totalCents: invoices.totalCents,
          paidCents: invoices.paidCents,
          ...customerColumns,
        })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(
          and(
            eq(invoices.companyId, ctx.companyId),
            gte(invoices.issueDate, range.from),
            lte(invoices.issueDate, range.to),
            cursor ? sql`(${invoices.issueDate}, ${invoices.id}) > (${cursor.issueDate}, ${cursor.id})` : undefined,
          ),
        )
        .orderBy(asc(invoices.issueDate), asc(invoices.id))
        .limit(EXPORT_BATCH);
      const last = rows.at(-1);
      if (last) after = { issueDate: last.issueDate, id: last.id };
      return rows;
    },
    (i) => [
      i.number,
      customerName(i),
      i.issueDate,
      i.dueDate,
      invoiceStatusLabels[i.status] ?? "",
      dollars(i.subtotalCents),
      dollars(i.discountCents),
      dollars(i.taxCents),
      dollars(i.totalCents),
      dollars(i.paidCents),
      dollars(Math.max(0, i.totalCents - i.paidCents)),
    ],
  );
}

/** Payments received within the range (days in the company's zone, inclusive), oldest first. */
export function paymentsCsv(ctx: CallerContext, range: ExportRange, timezone: string): ReadableStream<Uint8Array> {
  const start = dayjs.tz(range.from, timezone).startOf("day").toDate();
  const end = dayjs.tz(range.to, timezone).add(1, "day").startOf("day").toDate();
  let after: number | null = null;
  return csvStream(
    PAYMENT_COLUMNS,
    async () => {
      const cursor = after;
      const rows = await db
        .select({
          id: invoicePayments.id,
          paidAt: invoicePayments.paidAt,
          number: invoices.number,
          method: invoicePayments.method,
          amountCents: invoicePayments.amountCents,
          ...customerColumns,
        })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(
          and(
            eq(invoicePayments.companyId, ctx.companyId),
            gte(invoicePayments.paidAt, start),
            lt(invoicePayments.paidAt, end),
            // Money received: pending and failed card payments are not in the books.
            inArray(invoicePayments.status, [PaymentStatus.Paid, PaymentStatus.Autopaid]),
            // The cursor row's own time, read in the database: no microseconds lost.
            cursor
              ? sql`(${invoicePayments.paidAt}, ${invoicePayments.id}) > (select p.paid_at, p.id from invoice_payments p where p.id = ${cursor})`
              : undefined,
          ),
        )
        .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id))
        .limit(EXPORT_BATCH);
      const last = rows.at(-1);
      if (last) after = last.id;
      return rows;
    },
    (p) => [
      dayjs(p.paidAt).tz(timezone).format("YYYY-MM-DD"),
      p.number,
      customerName(p),
      paymentMethodLabels[p.method] ?? "",
      dollars(p.amountCents),
    ],
  );
}
