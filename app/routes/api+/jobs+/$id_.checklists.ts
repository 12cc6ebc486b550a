import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordIdParam, requireApiAccess } from "~/http/api.server";
import { listChecklists } from "~/routes/api+/__checklists-api.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/{id}/checklists → {data: the job's checklists with their items and answers}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.checklists.job);
  return listChecklists(ctx, { jobId: recordIdParam(params.id) });
}
