import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { categoryItemsPageQuerySchema } from "~/models/price-book/price-book.schema";
import { itemJson, pageCategoryItems } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/{id}/items/page {searchQuery, paging, excludeIds} → {data: {items, total, pageNumber, pageSize}}. The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const id = z.coerce.number().int().positive().safeParse(params.id);
  if (!id.success) return apiNotFound();
  const raw = readQuery(request);
  const query = parseOr400(categoryItemsPageQuerySchema, raw);
  const paging = readPaging(raw);
  const page = await pageCategoryItems(ctx, id.data, {
    search: query.searchQuery,
    excludeIds: query.excludeIds,
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    sort: paging.sortSettings[0] ?? null,
  });
  if (!page) return apiNotFound();
  return json({
    data: pageResult(
      page.items.map((item) => itemJson(ctx, item)),
      page.total,
      paging,
    ),
  });
}
