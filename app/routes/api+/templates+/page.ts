import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { templatesPageQuerySchema } from "~/models/templates/templates.schema";
import { pageTemplates } from "~/models/templates/templates.server";
import { screens } from "~/access/route-table";

/** GET /api/templates/page {entityType, searchQuery, paging} → {data: {items, total, pageNumber, pageSize}}, by name. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.templates.list);
  const raw = readQuery(request);
  const query = parseOr400(templatesPageQuerySchema, raw);
  const paging = readPaging(raw);
  const page = await pageTemplates(ctx, { entityType: query.entityType, search: query.searchQuery, paging });
  return json({ data: pageResult(page.items, page.total, paging) });
}
