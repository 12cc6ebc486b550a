import { json, type ActionFunctionArgs } from "@remix-run/node";
import { badRequest, methodNotAllowed, requireApiAccess } from "~/http/api.server";
import { importCustomersCsv, importFileFrom } from "~/models/customers/customers-import.server";
import { screens } from "~/access/route-table";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";

/** POST /api/customers/uploadCustomers (multipart: file) → {imported, skipped, rejected, rows: [{row, name, status, customerId?, messages}]}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireApiAccess({ request, context }, screens.customers.list);
  if (request.method !== "POST") return methodNotAllowed();
  return withUploadForm(request, uploadRules.customersCsv, badRequest, async (form) => {
    const file = await importFileFrom(form);
    if ("message" in file) return badRequest(file.message);
    const report = await importCustomersCsv(ctx, file.text, company.country);
    if ("message" in report) return badRequest(report.message);
    return json(report);
  });
}
