import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireJobsApi } from "~/models/jobs/jobs-api.server";
import { listUnscheduledJobs } from "~/models/jobs/jobs.server";

/** GET /api/jobs/unscheduled → {data: [job]}: jobs without a time, newest first (100 at most). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  return json({ data: await listUnscheduledJobs(ctx) });
}
