import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, apiNotFound, dataOr404, idParamsSchema, parseOr400, requireApiAccess } from "~/http/api.server";
import { categorySchema } from "~/models/price-book/price-book.schema";
import { deleteCategory, getCategory, updateCategory } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists/{id}: one category (the job form's price book picker: every role, as the job form). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const { id } = parseOr400(idParamsSchema, params);
  return json({ data: (await getCategory(ctx, id)) ?? apiNotFound() });
}

/** PUT /api/price-lists/{id} {categoryName, type}; DELETE removes the category and its items. */
export const action = apiAction(screens.priceBook.list, {
  PUT: async ({ ctx, id, body }) =>
    dataOr404(await updateCategory(ctx, id(), parseOr400(categorySchema, await body()))),
  DELETE: async ({ ctx, id }) => dataOr404((await deleteCategory(ctx, id())) && { id: id() }),
});
