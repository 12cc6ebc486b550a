import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listTaxRates } from "~/models/company/company.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/taxRates → {data: [{id, name, rate}]}: the company's tax rates (percent) for the job form, readable by every role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  return json({ data: await listTaxRates(ctx) });
}
