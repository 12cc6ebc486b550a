import { z } from "zod";
import { lineItemsSchema } from "~/models/line-items/line-items.schema";
import { moneyField, requiredMoneyField, taxRateField } from "~/models/line-items/money";
import { optionalText } from "~/utils/validation";
import { paymentMethodLabels } from "~/models/jobs/jobs.schema";

/** Invoice status (spec "Invoice status"): 0 not sent, 1 sent, 2 paid, 5 uncollectible. */
export const InvoiceStatus = { NotSent: 0, Sent: 1, Paid: 2, Uncollectible: 5 } as const;
export type InvoiceStatusValue = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const INVOICE_STATUSES: readonly InvoiceStatusValue[] = [0, 1, 2, 5];
export const invoiceStatusLabels: Record<number, string> = {
  0: "Not sent",
  1: "Sent",
  2: "Paid",
  5: "Uncollectible",
};

/** The list's status filter: the statuses, and "overdue" (sent, unpaid, past its due date). */
export const OVERDUE_FILTER = "overdue";

/** Payment methods (spec section 9): cash 0, check 1, card 2, other 3, as jobs take them. */
export { PaymentMethod, paymentMethodLabels } from "~/models/jobs/jobs.schema";

/** Payment status (spec "Payment status"): a payment recorded by hand or paid online is 0 paid. */
export const PaymentStatus = { Paid: 0, Autopaid: 1, Pending: 2, Failed: 5 } as const;

/** Days from the issue date to the due date when none is given ("net 30"). */
export const DEFAULT_DUE_DAYS = 30;
export const INVOICE_SORT_FIELDS = ["number", "customerName", "issueDate", "dueDate", "status", "total"] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const isoDate = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be a date` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${label} must be a date`);

const invoiceFields = {
  customerAddressId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  issueDate: z.preprocess(blank, isoDate("Issue date").optional()),
  dueDate: z.preprocess(blank, isoDate("Due date").optional()),
  message: optionalText("Message on invoice", { max: 2000 }),
  privateNotes: optionalText("Private notes", { max: 5000 }),
  taxRate: taxRateField,
  discount: moneyField("Discount").transform((v) => v ?? 0),
  lineItems: lineItemsSchema.default([]),
};

/** POST /invoices (and the new-invoice form): a customer and the invoice's fields; money in dollars. */
export const invoiceCreateSchema = z
  .object({
    customerId: z.coerce.number({ invalid_type_error: "Choose a customer" }).int().positive("Choose a customer"),
    ...invoiceFields,
  })
  .refine((v) => !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate, {
    message: "Due date must be on or after the issue date",
    path: ["dueDate"],
  });
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;

/** PUT /invoices/{id}: the same fields (the customer stays). */
export const invoiceUpdateSchema = z
  .object(invoiceFields)
  .refine((v) => !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate, {
    message: "Due date must be on or after the issue date",
    path: ["dueDate"],
  });
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateSchema>;

/** POST /invoices {jobId}: an invoice from a job. */
export const invoiceFromJobSchema = z.object({ jobId: z.coerce.number().int().positive() });

/** POST /invoices/{id}/payments: amount in dollars (partial allowed), a method, an optional note and date, and the form's token. */
export const invoicePaymentSchema = z.object({
  method: z.coerce
    .number({ invalid_type_error: "Choose a payment method" })
    .int()
    .refine((n) => n in paymentMethodLabels, "Choose a payment method"),
  amount: requiredMoneyField("Amount").refine((cents) => cents > 0, "Amount must be greater than 0"),
  note: optionalText("Note", { max: 1000 }),
  paidAt: z.preprocess(blank, isoDate("Payment date").optional()),
  idempotencyKey: z
    .string({ required_error: "The form has expired: reload the page" })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "The form has expired: reload the page"),
});
export type InvoicePaymentInput = z.infer<typeof invoicePaymentSchema>;

/** POST /invoices/{id}/send: channel text 1, email 2, both 3; the form's token makes a double post one message. */
export const invoiceSendSchema = z.object({
  channel: z.coerce
    .number({ invalid_type_error: "Choose how to send it" })
    .int()
    .refine((n) => n === 1 || n === 2 || n === 3, "Choose how to send it"),
  requestToken: z.preprocess(blank, z.string().max(100).optional()),
});

/** PUT /invoices/{id}/uncollectible {uncollectible: true|false}. */
export const uncollectibleSchema = z.object({
  uncollectible: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()),
});

/** GET /invoices/page filters: status (0, 1, 2, 5 or "overdue"), customerId. */
export const invoicePageFiltersSchema = z.object({
  status: z.preprocess(
    blank,
    z
      .union([z.literal(OVERDUE_FILTER), z.coerce.number().int()])
      .refine((v) => v === OVERDUE_FILTER || INVOICE_STATUSES.includes(v as InvoiceStatusValue), "Unknown status")
      .optional(),
  ),
  searchQuery: z.preprocess(blank, z.string().max(200).optional()),
});
