import { apiAction, apiNotFound, dataOr404, parseOr400 } from "~/http/api.server";
import { invoicePaymentSchema } from "~/models/invoices/invoices.schema";
import { InvoiceNotFoundError, recordInvoicePayment } from "~/models/invoices/payments.server";
import { paymentMoment } from "~/routes/_app+/invoices+/__invoice-details.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/invoices/{id}/payments {method: 0 cash | 1 check | 2 card | 3 other, amount (dollars, up to
 * the balance), note?, paidAt? (YYYY-MM-DD), idempotencyKey} → {data: {recorded, invoiceStatus,
 * balanceCents}}. The same idempotencyKey records once (recorded: false the second time).
 */
export const action = apiAction(screens.invoices.list, {
  POST: async ({ access, id, body }) => {
    const input = parseOr400(invoicePaymentSchema, await body());
    try {
      return dataOr404(
        await recordInvoicePayment({
          companyId: access.ctx.companyId,
          invoiceId: id(),
          method: input.method,
          amountCents: input.amount,
          note: input.note ?? null,
          idempotencyKey: `api:${input.idempotencyKey}`,
          recordedByUserId: access.ctx.userId,
          paidAt: await paymentMoment(access.ctx.companyId, input.paidAt, access.company.timezone),
        }),
      );
    } catch (error) {
      if (error instanceof InvoiceNotFoundError) return apiNotFound();
      throw error;
    }
  },
});
