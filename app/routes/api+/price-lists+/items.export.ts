import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload, requireApiAccess } from "~/http/api.server";
import { exportPriceBookCsv } from "~/models/price-book/price-book-csv.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items/export: every item as CSV (the template's columns). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  return csvDownload(await exportPriceBookCsv(ctx), "price-book.csv");
}
