import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { invoiceSendSchema } from "~/models/invoices/invoices.schema";
import { sendInvoice } from "~/models/invoices/invoice-send.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/invoices/{id}/send {channel: 1 text | 2 email | 3 both, requestToken?} → {data: {id, status, outcome}}.
 * Sends the Send Invoice message with the link to the customer's invoice page; a not-sent invoice becomes sent.
 */
export const action = apiAction(screens.invoices.list, {
  POST: async ({ ctx, id, body }) =>
    dataOr404(await sendInvoice(ctx, id(), parseOr400(invoiceSendSchema, await body()))),
});
