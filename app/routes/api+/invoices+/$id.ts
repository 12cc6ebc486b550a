import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, parseOr400, recordIdParam, requireApiAccess } from "~/http/api.server";
import { invoiceUpdateSchema } from "~/models/invoices/invoices.schema";
import { deleteInvoice, getInvoice, updateInvoice } from "~/models/invoices/invoices.server";
import { invoiceForApi } from "~/routes/api+/invoices+/__invoices-api.server";
import { screens } from "~/access/route-table";

/** GET /api/invoices/{id} → {data: invoice with lineItems, payments, customer, balanceCents, isOverdue}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.invoices.list);
  const invoice = await getInvoice(ctx, recordIdParam(params.id));
  return json({ data: invoice ? invoiceForApi(invoice) : apiNotFound() });
}

/**
 * PUT /api/invoices/{id} {customerAddressId?, issueDate?, dueDate?, message?, privateNotes?, taxRate, discount, lineItems}
 * (not when paid or uncollectible) → {data: invoice}. DELETE /api/invoices/{id} (only without payments) → {data: {id}}.
 */
export const action = apiAction(screens.invoices.list, {
  PUT: async ({ ctx, id, body }) => {
    const input = parseOr400(invoiceUpdateSchema, await body());
    if (!(await updateInvoice(ctx, id(), input))) return apiNotFound();
    const invoice = await getInvoice(ctx, id());
    return dataOr404(invoice && invoiceForApi(invoice));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteInvoice(ctx, id())) && { id: id() }),
});
