import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { priceBookTemplateCsv } from "~/models/price-book/price-book-csv.server";

/** GET /api/price-lists/items/downloadTemplate: the CSV template with two example rows. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAccessFor(request, "/price-book");
  return new Response(priceBookTemplateCsv(), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="price-book-template.csv"' },
  });
}
