import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCustomersCsv } from "~/models/customers/customers-import.server";
import { csvDownload, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/exportCustomers: every customer of the caller's company as CSV (the template's columns). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.customers.list);
  return csvDownload(exportCustomersCsv(ctx), "customers.csv");
}
