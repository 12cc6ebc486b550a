import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiNotFound, parseOr400, readBody, requireApiAccess } from "~/http/api.server";
import { itemSchema } from "~/models/price-book/price-book.schema";
import { deleteItem, getItem, itemJson, updateItem, withRuleErrors } from "~/models/price-book/price-book.server";
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
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.priceBook.list);
  const id = idOf(params);
  if (!id.success) return apiNotFound();
  if (request.method === "PUT") {
    const input = parseOr400(itemSchema, await readBody(request));
    return withRuleErrors(async () => {
      const item = await updateItem(ctx, id.data, input);
      return json({ data: item ? itemJson(ctx, item) : apiNotFound() });
    });
  }
  if (request.method === "DELETE") {
    if (!(await deleteItem(ctx, id.data))) return apiNotFound();
    return json({ data: { id: id.data } });
  }
  return json({ message: "Method not allowed" }, { status: 405 });
}
