import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { payJobOnline } from "~/models/payments/card-payments.server";
import { payOnlineSchema } from "~/models/payments/payments.schema";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/{id}/pay-online {note?, notify?, email?, useSavedCard?, signature?, paymentMethodId?}
 * → {data: {paymentIntentId, status, recorded, balanceCents, signedAt, receipt}}: the balance of the job's
 * invoice charged to the customer's saved card, the signature recorded on the job, with notify a
 * receipt emailed; 404 when the job has no open invoice, 400 with a message when card payments are
 * off, nothing is due, there is no saved card, the signature is unreadable or the card is declined.
 */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, id, body }) => {
    const input = parseOr400(payOnlineSchema, await body());
    return dataOr404(
      await payJobOnline(ctx, id(), {
        note: input.note ?? undefined,
        paymentMethodId: input.paymentMethodId ?? undefined,
        useSavedCard: input.useSavedCard,
        notify: input.notify,
        email: input.email || undefined,
        signature: input.signature,
      }),
    );
  },
});
