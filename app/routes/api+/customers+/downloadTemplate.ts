import type { LoaderFunctionArgs } from "@remix-run/node";
import { customersTemplateCsv } from "~/models/customers/customers-import.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/downloadTemplate: the CSV template for uploadCustomers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.customers.list);
  return new Response(customersTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="customers-template.csv"',
      "Cache-Control": "no-store",
    },
  });
}
