import type { LoaderFunctionArgs } from "@remix-run/node";
import { customersTemplateCsv } from "~/models/customers/customers-import.server";
import { csvDownload, requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/customers/downloadTemplate: the CSV template for uploadCustomers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiAccess({ request, context }, screens.customers.list);
  return csvDownload(customersTemplateCsv(), "customers-template.csv");
}
