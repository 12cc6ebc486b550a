import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { recordLoader } from "~/http/company-record-api.server";
import { invoiceUpdateSchema } from "~/models/invoices/invoices.schema";
import { deleteInvoice, updateInvoice } from "~/models/invoices/invoices.server";
import { findInvoiceForApi } from "~/routes/api+/invoices+/__invoices-api.server";
import { screens } from "~/access/route-table";

/** GET /api/invoices/{id} → {data: invoice with lineItems, payments, customer, balanceCents, isOverdue}. */
export const loader = recordLoader(screens.invoices.list, findInvoiceForApi);

/**
 * PUT /api/invoices/{id} {customerAddressId?, issueDate?, dueDate?, message?, privateNotes?, taxRate, discount, lineItems}
 * (not when paid or uncollectible) → {data: invoice}. DELETE /api/invoices/{id} (only without payments) → {data: {id}}.
 */
export const action = apiAction(screens.invoices.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(invoiceUpdateSchema, await body());
    return dataOr404((await updateInvoice(ctx, id(), input)) && (await findInvoiceForApi(ctx, id())));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteInvoice(ctx, id())) && { id: id() }),
});
