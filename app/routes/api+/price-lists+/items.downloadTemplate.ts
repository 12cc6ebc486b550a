import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDownload, requireApiAccess } from "~/http/api.server";
import { priceBookTemplateCsv } from "~/models/price-book/price-book-csv.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items/downloadTemplate: the CSV template with two example rows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.priceBook.list);
  return csvDownload(priceBookTemplateCsv(), "price-book-template.csv");
}
