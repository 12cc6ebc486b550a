import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { jobIdParam, methodNotAllowed, withJobRules } from "~/models/jobs/jobs-api.server";
import { paySchema } from "~/models/jobs/jobs.schema";
import { recordPayment } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/**
 * POST /api/jobs/{id}/pay {method: 0 cash | 1 check | 2 card | 3 other, amount?, note?} → {data: {id, paymentId, amountCents}}.
 * amount is in dollars and defaults to the balance due; the job moves to paid.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  if (request.method !== "POST") return methodNotAllowed();
  const id = jobIdParam(params.id);
  const input = parseOr400(paySchema, await readBody(request));
  return withJobRules(async () => json({ data: (await recordPayment(ctx, id, input)) ?? apiNotFound() }));
}
