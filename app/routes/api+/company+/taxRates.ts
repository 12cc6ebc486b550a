import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccessFor } from "~/http/api.server";
import { taxRateSchema, withId } from "~/models/company/company.schema";
import { listTaxRates, saveTaxRate, withCompanyRuleErrors } from "~/models/company/company.server";

/** GET /api/company/taxRates → {data: [...]}, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  return json({ data: await listTaxRates(ctx) });
}

/** PUT /api/company/taxRates {id, ...}: updates one tax rate. */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/discounts-tax-rates");
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(withId(taxRateSchema), await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveTaxRate(ctx, input)) ?? apiNotFound() }));
}
