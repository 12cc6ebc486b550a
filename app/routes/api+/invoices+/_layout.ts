import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { invoiceCreateSchema, invoiceFromJobSchema } from "~/models/invoices/invoices.schema";
import { createInvoice, createInvoiceFromJob } from "~/models/invoices/invoices.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/invoices {jobId} → 201 {data: {id, number, created}} (from a job; an open invoice of the
 * job answers 200 with created: false), or {customerId, customerAddressId?, issueDate?, dueDate?,
 * message?, privateNotes?, taxRate, discount, lineItems} → 201 {data: {id, number, publicToken}}.
 */
export const action = apiAction(screens.invoices.list, {
  POST: async ({ ctx, body }) => {
    const input = (await body()) as Record<string, unknown>;
    if (input && typeof input === "object" && "jobId" in input) {
      const { jobId } = parseOr400(invoiceFromJobSchema, input);
      const made = await createInvoiceFromJob(ctx, jobId);
      return dataOr404(made, made?.created ? 201 : 200);
    }
    return dataOr404(await createInvoice(ctx, parseOr400(invoiceCreateSchema, input)), 201);
  },
});
