import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, idList, pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/models/api.server";
import { itemJson, pageCategoryItems } from "~/models/price-book.server";
import { ALL_ROLES } from "~/models/roles";

const querySchema = z.object({ searchQuery: z.string().max(200).optional(), excludeIds: idList });

/** GET /api/price-lists/{id}/items/page {searchQuery, paging, excludeIds} → {data: {items, total, pageNumber, pageSize}}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess(request, { roles: ALL_ROLES });
  const id = z.coerce.number().int().positive().safeParse(params.id);
  if (!id.success) return apiNotFound();
  const raw = readQuery(request);
  const query = parseOr400(querySchema, raw);
  const paging = readPaging(raw);
  const page = await pageCategoryItems(ctx, id.data, { search: query.searchQuery, excludeIds: query.excludeIds, pageNumber: paging.pageNumber, pageSize: paging.pageSize, sort: paging.sortSettings[0] ?? null });
  if (!page) return apiNotFound();
  return json({ data: pageResult(page.items.map(itemJson), page.total, paging) });
}
