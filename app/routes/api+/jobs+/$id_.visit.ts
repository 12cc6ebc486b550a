import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound, recordIdParam, requireApiAccess } from "~/http/api.server";
import { getVisit } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/visit → {data: visit}: what the schedule shows for one visit. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  return json({ data: (await getVisit(ctx, recordIdParam(params.id))) ?? apiNotFound() });
}
