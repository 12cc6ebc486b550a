import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { RelatedType } from "~/models/expenses/expenses.schema";
import { expenseJson, expensesOfRecord, getRelatedEntity } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/** The expenses of the company's job or estimate named in the path. */
export async function recordExpensesLoader(
  { request, params, context }: LoaderFunctionArgs,
  type: typeof RelatedType.Job | typeof RelatedType.Estimate,
) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const id = recordIdParam(params.id);
  if (!(await getRelatedEntity(ctx, type, id))) return apiNotFound();
  const { items, totalCents } = await expensesOfRecord(
    ctx,
    type === RelatedType.Job ? { jobId: id } : { estimateId: id },
  );
  return json({ data: { items: items.map(expenseJson), totalAmount: totalCents / 100, totalAmountCents: totalCents } });
}
