import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordExpensesLoader } from "~/routes/api+/expenses+/__record-expenses.server";
import { RelatedType } from "~/models/expenses/expenses.schema";

/** GET /api/expenses/job/{id} → {data: {items, totalAmount, totalAmountCents}}, oldest day first; 404 for another company's job. */
export const loader = (args: LoaderFunctionArgs) => recordExpensesLoader(args, RelatedType.Job);
