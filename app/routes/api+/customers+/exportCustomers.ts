import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomerApi } from "~/models/customers/customers-api.server";
import { exportCustomersCsv } from "~/models/customers/customers-import.server";

/** GET /api/customers/exportCustomers: every customer of the caller's company as CSV (the template's columns). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireCustomerApi(request);
  return new Response(exportCustomersCsv(ctx), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="customers.csv"', "Cache-Control": "no-store" },
  });
}
