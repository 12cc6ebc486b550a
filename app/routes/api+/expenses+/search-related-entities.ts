import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { relatedSearchQuerySchema } from "~/models/expenses/expenses.schema";
import { searchRelatedEntities } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/**
 * GET /api/expenses/search-related-entities {searchQuery, entityType, limit, employeeIds} →
 * {data: [{id, type, name}]}: the company's customers 0, jobs 1, estimates 2 or employees 3.
 * employeeIds narrows jobs and estimates to those assigned to one of them, and employees to them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const query = parseOr400(relatedSearchQuerySchema, readQuery(request));
  return json({ data: await searchRelatedEntities(ctx, query) });
}
