import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { paySchema } from "~/models/jobs/jobs.schema";
import { recordPayment } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/{id}/pay {method: 0 cash | 1 check | 2 card | 3 other, amount?, note?} → {data: {id, paymentId, amountCents}}.
 * amount is in dollars and defaults to the balance due; the job moves to paid.
 */
export const action = apiAction(screens.jobs.list, {
  POST: async ({ ctx, id, body }) => dataOr404(await recordPayment(ctx, id(), parseOr400(paySchema, await body()))),
});
