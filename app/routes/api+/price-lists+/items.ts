import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { itemSchema, itemsQuerySchema } from "~/models/price-book/price-book.schema";
import { createItem, itemJson, listItems } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items {searchQuery, type, itemIds} → {data: [item]} (at most 100). The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const query = parseOr400(itemsQuerySchema, readQuery(request));
  const items = await listItems(ctx, { search: query.searchQuery, type: query.type, itemIds: query.itemIds });
  return json({ data: items.map((item) => itemJson(ctx, item)) });
}

/** POST /api/price-lists/items: creates an item (money in dollars). */
export const action = apiAction(screens.priceBook.list, {
  POST: async ({ ctx, body }) => {
    const input = parseOr400(itemSchema, await body());
    return dataOr404(itemJson(ctx, await createItem(ctx, input)), 201);
  },
});
