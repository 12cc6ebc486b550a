import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { relatedEntityQuerySchema } from "~/models/expenses/expenses.schema";
import { getRelatedEntity } from "~/models/expenses/expenses.server";
import { screens } from "~/access/route-table";

/** GET /api/expenses/related-entity {id, type} → {data: {id, type, name}}; 404 for another company's record. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.expenseTracking);
  const { id, type } = parseOr400(relatedEntityQuerySchema, readQuery(request));
  return json({ data: (await getRelatedEntity(ctx, type, id)) ?? apiNotFound() });
}
