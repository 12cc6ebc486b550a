import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCustomersCsv } from "~/models/customers/customers-import.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/exportCustomers: every customer of the caller's company as CSV (the template's columns). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  return new Response(exportCustomersCsv(ctx), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="customers.csv"',
      "Cache-Control": "no-store",
    },
  });
}
