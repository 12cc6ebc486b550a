import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idList, pageResult, parseOr400, readPaging, readQuery, requireApiAccessFor } from "~/http/api.server";
import { itemJson, pageItems } from "~/models/price-book/price-book.server";

const querySchema = z.object({
  searchQuery: z.string().max(200).optional(),
  type: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  excludeIds: idList,
});

/** GET /api/price-lists/items/page {searchQuery, type, paging} → {data: {items, total, pageNumber, pageSize}}. The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/jobs/new");
  const raw = readQuery(request);
  const query = parseOr400(querySchema, raw);
  const paging = readPaging(raw);
  const page = await pageItems(ctx, { search: query.searchQuery, type: query.type, excludeIds: query.excludeIds, pageNumber: paging.pageNumber, pageSize: paging.pageSize, sort: paging.sortSettings[0] ?? null });
  return json({ data: pageResult(page.items.map((item) => itemJson(ctx, item)), page.total, paging) });
}
