import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordExpensesLoader } from "~/routes/api+/expenses+/__record-expenses.server";
import { RelatedType } from "~/models/expenses/expenses.schema";

/** GET /api/expenses/estimate/{id} → {data: {items, totalAmount, totalAmountCents}}, oldest day first; 404 for another company's estimate. */
export const loader = (args: LoaderFunctionArgs) => recordExpensesLoader(args, RelatedType.Estimate);
