import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound } from "~/http/api.server";
import { jobIdParam, requireJobsApi } from "~/models/jobs/jobs-api.server";
import { getVisit } from "~/models/jobs/jobs.server";

/** GET /api/jobs/{id}/visit → {data: visit}: what the schedule shows for one visit. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireJobsApi(request);
  return json({ data: (await getVisit(ctx, jobIdParam(params.id))) ?? apiNotFound() });
}
