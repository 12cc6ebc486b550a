import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { taxRateSchema } from "~/models/company/company.schema";
import { saveTaxRate, withCompanyRuleErrors } from "~/models/company/company.server";

/** POST /api/company/taxRate: creates a tax rate. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(taxRateSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: await saveTaxRate(ctx, input) }, { status: 201 }));
}
