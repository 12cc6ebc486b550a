import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/models/api.server";
import { priceBookTemplateCsv } from "~/models/price-book-csv.server";
import { MANAGER_ROLES } from "~/models/roles";

/** GET /api/price-lists/items/downloadTemplate: the CSV template with two example rows. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccess(request, { roles: MANAGER_ROLES });
  return new Response(priceBookTemplateCsv(), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="price-book-template.csv"' },
  });
}
