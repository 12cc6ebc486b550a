import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listTaxRates } from "~/models/company/company.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/taxRates → {data: [{id, name, rate}]}: the company's tax rates (percent) for the estimate form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  return json({ data: await listTaxRates(ctx) });
}
