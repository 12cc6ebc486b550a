import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idList, parseOr400, readBody, readQuery, requireApiAccessFor } from "~/http/api.server";
import { itemSchema } from "~/models/price-book/price-book.schema";
import { createItem, itemJson, listItems, withRuleErrors } from "~/models/price-book/price-book.server";

const querySchema = z.object({
  searchQuery: z.string().max(200).optional(),
  type: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
  itemIds: idList,
});

/** GET /api/price-lists/items {searchQuery, type, itemIds} → {data: [item]} (at most 100). The job form's price book picker: every role, as the job form; a field tech gets no cost. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/jobs/new");
  const query = parseOr400(querySchema, readQuery(request));
  const items = await listItems(ctx, { search: query.searchQuery, type: query.type, itemIds: query.itemIds });
  return json({ data: items.map((item) => itemJson(ctx, item)) });
}

/** POST /api/price-lists/items: creates an item (money in dollars). */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccessFor(request, "/price-book");
  if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
  const input = parseOr400(itemSchema, await readBody(request));
  return withRuleErrors(async () => json({ data: itemJson(ctx, await createItem(ctx, input)) }, { status: 201 }));
}
