import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { templatesAllQuerySchema } from "~/models/templates/templates.schema";
import { listTemplateOptions } from "~/models/templates/templates.server";
import { screens } from "~/access/route-table";

/** GET /api/templates/all?type → {data: [{id, name, entityType}]}: every template of the type (or of both), by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.templates.list);
  const query = parseOr400(templatesAllQuerySchema, readQuery(request));
  return json({ data: await listTemplateOptions(ctx, query.type) });
}
