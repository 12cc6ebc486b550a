import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseOr400, readBody, readQuery, requireApiAccess } from "~/http/api.server";
import { itemSchema, itemsQuerySchema } from "~/models/price-book/price-book.schema";
import { createItem, itemJson, listItems, withRuleErrors } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/items {searchQuery, type, itemIds} → {data: [item]} (at most 100). The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const query = parseOr400(itemsQuerySchema, readQuery(request));
  const items = await listItems(ctx, { search: query.searchQuery, type: query.type, itemIds: query.itemIds });
  return json({ data: items.map((item) => itemJson(ctx, item)) });
}

/** POST /api/price-lists/items: creates an item (money in dollars). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(itemSchema, await readBody(request));
  return withRuleErrors(async () => json({ data: itemJson(ctx, await createItem(ctx, input)) }, { status: 201 }));
}
