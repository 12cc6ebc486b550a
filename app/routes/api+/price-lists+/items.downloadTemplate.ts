import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccess } from "~/http/api.server";
import { priceBookTemplateCsv } from "~/models/price-book/price-book-csv.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items/downloadTemplate: the CSV template with two example rows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.priceBook.list);
  return new Response(priceBookTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="price-book-template.csv"',
    },
  });
}
