import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  invoiceCreateSchema,
  invoiceFromJobSchema,
  invoicePageFiltersSchema,
  invoicePaymentSchema,
  invoiceSendSchema,
  invoiceUpdateSchema,
  uncollectibleSchema,
} from "~/models/invoices/invoices.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";
import { jobSignSchema } from "~/models/jobs/job-signature.server";

/**
 * The invoice calls (issue #14). The spec shows none, so these are ours, in the shape of the jobs
 * calls: money in the body in dollars, stored and answered in cents (*Cents). docs/decisions/052-invoices.md
 */
const access = "office staff, company admin, super admin (a field tech gets 403); another company's invoice is 404";
const tag = "Invoices";
const id = idParamsSchema;
const status = z.number().int().openapi({ description: "0 not sent, 1 sent, 2 paid, 5 uncollectible" });
const row = z.object({
  id: z.number().int(),
  number: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  jobId: z.number().int().nullable(),
  status,
  issueDate: z.string().openapi({ format: "date" }),
  dueDate: z.string().openapi({ format: "date" }),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  isOverdue: z.boolean().openapi({ description: "Sent and past its due date" }),
});
const page = pageOf(row).extend({ totalIsCapped: z.boolean().optional() });
const invoice = row
  .extend({
    publicToken: z.string().openapi({ description: "The customer's page: /invoice-details/{publicToken}" }),
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    taxCents: z.number().int(),
    taxRate: z.number().openapi({ description: "Percent" }),
    discount: z.number().openapi({ description: "Dollars" }),
    message: z.string().nullable(),
    privateNotes: z.string().nullable(),
    sentAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    lineItems: z.array(z.object({ id: z.number().int(), name: z.string() }).passthrough()),
    payments: z.array(
      z.object({
        id: z.number().int(),
        method: z.number().int().openapi({ description: "cash 0, check 1, card 2, other 3" }),
        status: z.number().int().openapi({ description: "0 paid, 1 autopaid, 2 pending, 5 failed" }),
        amountCents: z.number().int(),
        note: z.string().nullable(),
        paidAt: z.string(),
      }),
    ),
  })
  .passthrough();

registerCall({
  method: "get",
  path: "/invoices/page",
  tag,
  access,
  summary: "One page of the invoices (status 0, 1, 2, 5 or overdue; searchQuery: number, customer or address)",
  paging: true,
  query: invoicePageFiltersSchema,
  response: page,
});
registerCall({
  method: "post",
  path: "/invoices",
  tag,
  access,
  summary:
    "Create an invoice: {jobId} copies a job (a job's open invoice answers 200 with created: false), or by hand with a customer and lines; due date defaults to issue date + 30 days",
  body: [invoiceFromJobSchema, invoiceCreateSchema],
  status: 201,
  response: dataOf(z.object({ id: z.number().int(), number: z.number().int() }).passthrough()),
});
registerCall({
  method: "get",
  path: "/invoices/{id}",
  tag,
  access,
  summary: "An invoice",
  params: id,
  response: dataOf(invoice),
});
registerCall({
  method: "put",
  path: "/invoices/{id}",
  tag,
  access,
  summary: "Edit an invoice that is not paid or uncollectible (totals recomputed; never below what was paid)",
  params: id,
  body: invoiceUpdateSchema,
  response: dataOf(invoice),
});
registerCall({
  method: "delete",
  path: "/invoices/{id}",
  tag,
  access,
  summary: "Delete an invoice without payments (its number is not given again)",
  params: id,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "post",
  path: "/invoices/{id}/payments",
  tag,
  access,
  summary:
    "Record a payment (partial allowed, never above the balance); the same idempotencyKey records once. Fully paid: status paid, and the job moves to paid",
  params: id,
  body: invoicePaymentSchema,
  response: dataOf(z.object({ recorded: z.boolean(), invoiceStatus: status, balanceCents: z.number().int() })),
});
registerCall({
  method: "post",
  path: "/invoices/{id}/send",
  tag,
  access,
  summary: "Send the invoice (message template 3) by text 1, email 2 or both 3, with the link to the customer's page",
  params: id,
  body: invoiceSendSchema,
  response: dataOf(z.object({ id: z.number().int(), status }).passthrough()),
});
registerCall({
  method: "put",
  path: "/invoices/{id}/uncollectible",
  tag,
  access,
  summary: "Mark an unpaid invoice uncollectible, or undo it (back to sent or not sent)",
  params: id,
  body: uncollectibleSchema,
  response: dataOf(z.object({ id: z.number().int(), status })),
});
registerCall({
  method: "get",
  path: "/invoices/{id}/pdf",
  tag,
  access,
  summary: "The invoice as a PDF (application/pdf, inline)",
  params: id,
  responseDescription: "application/pdf",
});
registerCall({
  method: "get",
  path: "/customers/{id}/invoices/page",
  tag: "Customers",
  access,
  summary: "The customer's invoices (paging, searchQuery, status)",
  params: id,
  paging: true,
  query: invoicePageFiltersSchema,
  response: page,
});
registerCall({
  method: "post",
  path: "/jobs/{id}/sign",
  tag: "Jobs",
  access: "any signed-in role; a field tech only on jobs assigned to them (others answer 404)",
  summary:
    "The customer's signature on the job: a typed name and/or a drawn image (PNG or JPEG data URL, at most 200 KB), kept on the job's timeline",
  params: id,
  body: jobSignSchema,
  status: 201,
  response: dataOf(
    z.object({
      jobId: z.number().int(),
      name: z.string().nullable(),
      imageUrl: z.string().nullable(),
      signedAt: z.string(),
    }),
  ),
});
