import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listUnscheduledJobs } from "~/models/jobs/jobs.server";
import { requireApiAccess } from "~/http/api.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/unscheduled → {data: [job]}: jobs without a time, newest first (100 at most). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  return json({ data: await listUnscheduledJobs(ctx) });
}
