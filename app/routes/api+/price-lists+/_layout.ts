import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiAction, dataOr404, parseOr400, readQuery, requireApiAccess } from "~/http/api.server";
import { categorySchema, categoriesQuerySchema } from "~/models/price-book/price-book.schema";
import { createCategory, listCategories } from "~/models/price-book/price-book.server";
import { screens } from "~/access/route-table";

/** GET /api/price-lists {searchQuery, type} → {data: [{id, categoryName, type, itemCount}]}. The job form's price book picker: every role, as the job form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireApiAccess({ request, context }, screens.jobs.new);
  const query = parseOr400(categoriesQuerySchema, readQuery(request));
  return json({ data: await listCategories(ctx, { search: query.searchQuery, type: query.type }) });
}

/** POST /api/price-lists {categoryName, type}. */
export const action = apiAction(screens.priceBook.list, {
  POST: async ({ ctx, body }) => dataOr404(await createCategory(ctx, parseOr400(categorySchema, await body())), 201),
});
