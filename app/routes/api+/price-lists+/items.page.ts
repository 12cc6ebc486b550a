import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageResult, parseOr400, readPaging, readQuery, requireApiAccess } from "~/http/api.server";
import { itemsPageQuerySchema } from "~/models/price-book/price-book.schema";
import { itemJson, pageItems } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items/page {searchQuery, type, paging} → {data: {items, total, pageNumber, pageSize}}. The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const raw = readQuery(request);
  const query = parseOr400(itemsPageQuerySchema, raw);
  const paging = readPaging(raw);
  const page = await pageItems(ctx, {
    search: query.searchQuery,
    type: query.type,
    excludeIds: query.excludeIds,
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    sort: paging.sortSettings[0] ?? null,
  });
  return json({
    data: pageResult(
      page.items.map((item) => itemJson(ctx, item)),
      page.total,
      paging,
    ),
  });
}
