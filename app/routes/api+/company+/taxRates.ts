import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { taxRateUpdateSchema } from "~/models/company/company.schema";
import { listTaxRates, saveTaxRate, withCompanyRuleErrors } from "~/models/company/company.server";
import { screens } from "~/access/route-table";

/** GET /api/company/taxRates → {data: [...]}, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  return json({ data: await listTaxRates(ctx) });
}

/** PUT /api/company/taxRates {id, ...}: updates one tax rate. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.discountsTaxRates);
  if (request.method !== "PUT") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(taxRateUpdateSchema, await readBody(request));
  return withCompanyRuleErrors(async () => json({ data: (await saveTaxRate(ctx, input)) ?? apiNotFound() }));
}
