import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireJobsApi } from "~/models/jobs-api.server";
import { listJobTaxRates } from "~/models/jobs.server";

/** GET /api/jobs/taxRates → {data: [8.25, ...]}: tax rates (percent) used on the company's jobs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  return json({ data: await listJobTaxRates(ctx) });
}
