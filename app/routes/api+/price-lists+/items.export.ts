import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAccessFor } from "~/http/api.server";
import { exportPriceBookCsv } from "~/models/price-book/price-book-csv.server";

/** GET /api/price-lists/items/export: every item as CSV (the template's columns). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/price-book");
  return new Response(await exportPriceBookCsv(ctx), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="price-book.csv"', "Cache-Control": "no-store" },
  });
}
