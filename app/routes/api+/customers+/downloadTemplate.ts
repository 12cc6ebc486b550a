import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCustomerApi } from "~/models/customers/customers-api.server";
import { customersTemplateCsv } from "~/models/customers/customers-import.server";

/** GET /api/customers/downloadTemplate: the CSV template for uploadCustomers. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCustomerApi(request);
  return new Response(customersTemplateCsv(), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="customers-template.csv"', "Cache-Control": "no-store" },
  });
}
