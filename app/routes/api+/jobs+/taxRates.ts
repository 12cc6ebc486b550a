import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listTaxRates } from "~/models/company/company.server";
import { requireJobsApi } from "~/models/jobs/jobs-api.server";

/** GET /api/jobs/taxRates → {data: [{id, name, rate}]}: the company's tax rates (percent) for the job form, readable by every role. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  return json({ data: await listTaxRates(ctx) });
}
