import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiAction, apiNotFound, dataOr404, parseOr400, requireApiAccess } from "~/http/api.server";
import { itemSchema } from "~/models/price-book/price-book.schema";
import { deleteItem, getItem, itemJson, updateItem } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

const idOf = (params: Record<string, string | undefined>) => z.coerce.number().int().positive().safeParse(params.id);

/** GET /api/price-lists/items/{id}. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  const id = idOf(params);
  const item = id.success ? await getItem(ctx, id.data) : null;
  return json({ data: item ? itemJson(ctx, item) : apiNotFound() });
}

/** PUT /api/price-lists/items/{id} (the whole item); DELETE /api/price-lists/items/{id}. */
export const action = apiAction(screens.priceBook.list, {
  PUT: async ({ ctx, id, body }) => {
    const item = await updateItem(ctx, id(), parseOr400(itemSchema, await body()));
    return dataOr404(item && itemJson(ctx, item));
  },
  DELETE: async ({ ctx, id }) => dataOr404((await deleteItem(ctx, id())) && { id: id() }),
});
