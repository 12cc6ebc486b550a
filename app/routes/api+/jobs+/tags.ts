import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { jobTagsQuerySchema } from "~/models/jobs/jobs-api.schema";
import { searchJobTags } from "~/models/jobs/jobs.server";
import { screens } from "~/access/route-table";

/** GET /api/jobs/tags?name → {data: [{id, name}]}: job tags starting with name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.list);
  const { name } = parseOr400(jobTagsQuerySchema, readQuery(request));
  return json({ data: await searchJobTags(ctx, name) });
}
