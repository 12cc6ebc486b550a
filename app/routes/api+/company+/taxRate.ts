import { json, type ActionFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { taxRateSchema } from "~/models/company/company.schema";
import { saveTaxRate, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** POST /api/company/taxRate: creates a tax rate. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(taxRateSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: await saveTaxRate(ctx, input) }, { status: 201 }));
}
