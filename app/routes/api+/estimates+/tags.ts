import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { estimateTagsQuerySchema } from "~/models/estimates/estimates.schema";
import { searchEstimateTags } from "~/models/estimates/estimates.server";
import { screens } from "~/access/route-table";

/** GET /api/estimates/tags?name → {data: [{id, name}]}: estimate tags starting with name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.estimates.list);
  const { name } = parseOr400(estimateTagsQuerySchema, readQuery(request));
  return json({ data: await searchEstimateTags(ctx, name) });
}
